import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the partner's receiver got: which delivery, of what, and in which life of Tern. */
export interface Receipt {
  webhookId: string;
  type: string;
  data: Record<string, unknown>;
  /** The Tern process that was running when it arrived (1 the first; see `setGeneration`). */
  generation: number;
  at: number;
}

/**
 * The partner's webhook receiver, in the crash test's own process (outside the process group
 * that is killed), keeping every delivery it gets and answering 204 at once.
 */
export async function webhookReceiver() {
  const receipts: Receipt[] = [];
  let generation = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { type, data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        type: string;
        data: Record<string, unknown>;
      };
      receipts.push({
        webhookId: String(request.headers['webhook-id']),
        type,
        data,
        generation,
        at: Date.now(),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tern`,
    receipts,
    /** The life of Tern now running: receipts are tagged with it. */
    setGeneration: (n: number) => {
      generation = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
