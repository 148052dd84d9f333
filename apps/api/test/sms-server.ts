import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received, its form body parsed. */
interface SmsRequest {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

export interface TestSmsServer {
  /** The Messages endpoint with the account's SID and token as user and password. */
  url: string;
  requests: SmsRequest[];
  /** What it answers from now on (201 with a message record until told otherwise). */
  answer(status: number, body: string): void;
  close(): Promise<void>;
}

/**
 * A stand-in for a Twilio-compatible Messages endpoint on a free local port, for tests of the
 * SMS adapter: it keeps every request and answers what the test tells it to.
 */
export async function startSmsServer(options: {
  sid: string;
  token: string;
}): Promise<TestSmsServer> {
  const requests: SmsRequest[] = [];
  let answer: { status: number; body: string } = { status: 201, body: '{"sid":"SM1"}' };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      requests.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        form: new URLSearchParams(body),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const { sid, token } = options;
  return {
    url: `http://${sid}:${token}@127.0.0.1:${port}/2010-04-01/Accounts/${sid}/Messages.json`,
    requests,
    answer: (status, body) => (answer = { status, body }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
