import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StreamMessage } from './http.ts';
import { keepEventStream } from './event-stream.ts';

/** A body that sends `text` and ends, as a server closing the stream. */
const ended = (text: string) =>
  new Response(text, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });

/** A body that stays open until its connection is closed, as a quiet stream. */
const quiet = (signal: AbortSignal, text = '') =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        if (text) controller.enqueue(new TextEncoder().encode(text));
        signal.addEventListener('abort', () => controller.error(signal.reason));
      },
    }),
    { status: 200 },
  );

class Refused extends Error {}

/** Runs a stream over `connect`, recording each connection's last event id and each message. */
function run(connect: (attempt: number, signal: AbortSignal) => Response | Promise<Response>) {
  const controller = new AbortController();
  const asked: (string | undefined)[] = [];
  const open: AbortSignal[] = [];
  const messages: StreamMessage[] = [];
  const done = keepEventStream({
    connect: async (lastEventId, signal) => {
      asked.push(lastEventId);
      const response = await connect(asked.length, signal);
      open.push(signal);
      return response;
    },
    onMessage: (message) => messages.push(message),
    isFinal: (error) => error instanceof Refused,
    signal: controller.signal,
  });
  return {
    done,
    asked,
    messages,
    stop: () => controller.abort(),
    /** How many connections are open now. */
    get open() {
      return open.filter((signal) => !signal.aborted).length;
    },
  };
}

const setHidden = (hidden: boolean) => {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
};

afterEach(() => {
  // Back to jsdom's own (visible) value.
  delete (document as { hidden?: boolean }).hidden;
});

describe('keepEventStream', () => {
  it("passes on named events, and reconnects after the server's end with the last event id", async () => {
    const stream = run((attempt, signal) =>
      attempt === 1
        ? ended('retry: 5\n\nid: 41\nevent: change\ndata: {"keys":[]}\n\ndata: unnamed\n\n')
        : quiet(signal),
    );
    await waitFor(() => expect(stream.asked).toEqual([undefined, '41']));
    expect(stream.messages).toEqual([{ event: 'change', data: '{"keys":[]}' }]);
    stream.stop();
    await stream.done;
    expect(stream.open).toBe(0);
  });

  it('retries network and server failures, waiting longer each time, and stops on a refusal', async () => {
    const at: number[] = [];
    const stream = run((attempt) => {
      at.push(Date.now());
      if (attempt === 1) return ended('retry: 20\nid: 7\n\n');
      if (attempt < 5) throw new Error('down');
      throw new Refused();
    });
    await expect(stream.done).rejects.toBeInstanceOf(Refused);
    expect(stream.asked).toEqual([undefined, '7', '7', '7', '7']);
    // 20 ms after the end, then 20, 40 and 80 after failures one, two and three in a row.
    const waits = at.slice(1).map((time, index) => time - at[index]!);
    expect(waits[2]).toBeGreaterThanOrEqual(39);
    expect(waits[3]).toBeGreaterThanOrEqual(79);
  });

  it('closes while the page is hidden and resumes from the last event when shown', async () => {
    const stream = run((attempt, signal) =>
      quiet(signal, `id: ${attempt}\nevent: change\ndata: x\n\n`),
    );
    await waitFor(() => expect(stream.open).toBe(1));
    await waitFor(() => expect(stream.messages).toHaveLength(1));
    setHidden(true);
    await waitFor(() => expect(stream.open).toBe(0));
    expect(stream.asked).toEqual([undefined]);
    setHidden(false);
    await waitFor(() => expect(stream.open).toBe(1));
    expect(stream.asked).toEqual([undefined, '1']);
    stream.stop();
    await stream.done;
    expect(stream.open).toBe(0);
  });

  it('never connects when stopped before it starts, and ends a wait when stopped', async () => {
    const never = new AbortController();
    never.abort();
    let connected = false;
    await keepEventStream({
      connect: () => {
        connected = true;
        throw new Error('unexpected');
      },
      onMessage: () => {},
      isFinal: () => false,
      signal: never.signal,
    });
    expect(connected).toBe(false);

    const waiting = run(() => {
      throw new Error('down');
    });
    await waitFor(() => expect(waiting.asked).toHaveLength(1));
    waiting.stop();
    await waiting.done; // at once, not after the 1 s wait
    expect(waiting.asked).toHaveLength(1);
  });
});
