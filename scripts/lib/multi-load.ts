import { API_ROOT, LIVE_EVENTS, urlFor, type Contract } from '@tern/domain';
import type { Instance } from './multi-cluster.ts';

/**
 * The calls and counts of `npm run multi`'s load: each call is counted under its kind (what
 * area of work it is), with its time; anything but the status it expects is an error, kept
 * with a few samples to print.
 */

export const KINDS = ['read', 'write', 'upload', 'claim', 'scan', 'login', 'session', 'reset'];
type Kind = (typeof KINDS)[number];

export const p99 = (values: number[]) =>
  values.length ? [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)]! : 0;

export const median = (values: number[]) =>
  values.length ? [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]! : 0;

export const tally = new Map<Kind, { ok: number; errors: number; ms: number[] }>();
export const errorSamples: string[] = [];
const sampleError = (line: string) => {
  if (errorSamples.length < 8) errorSamples.push(line);
};
const countCall = (kind: Kind, ok: boolean, ms: number) => {
  const entry = tally.get(kind) ?? { ok: 0, errors: 0, ms: [] };
  if (ok) entry.ok += 1;
  else entry.errors += 1;
  entry.ms.push(ms);
  tally.set(kind, entry);
};

interface CallOptions {
  params?: Record<string, unknown>;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart body (an upload): sent as it is. */
  form?: FormData;
  token?: string | undefined;
  apiKey: string;
  /** The status that counts as right; by default any 2xx. */
  expect?: number;
}

/** One call of a contract on an instance, counted; answers the body when it went as expected. */
export async function call(
  kind: Kind,
  instance: Instance,
  contract: Contract,
  options: CallOptions,
): Promise<unknown> {
  const started = performance.now();
  const url = instance.base + urlFor(API_ROOT, contract, options.params ?? {}, options.query);
  try {
    const response = await fetch(url, {
      method: contract.method,
      headers: {
        'api-key': options.apiKey,
        ...(options.form ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.form
        ? { body: options.form }
        : options.body === undefined
          ? {}
          : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    const ok =
      options.expect === undefined ? response.status < 300 : response.status === options.expect;
    countCall(kind, ok, performance.now() - started);
    if (!ok)
      sampleError(`${contract.id} on :${instance.port}: ${response.status} ${text.slice(0, 300)}`);
    return ok ? (JSON.parse(text || 'null') as unknown) : undefined;
  } catch (error) {
    countCall(kind, false, performance.now() - started);
    sampleError(`${contract.id} on :${instance.port}: ${String(error)}`);
    return undefined;
  }
}

/** A user's event stream held on one instance: when each event id arrived. */
export interface HeldStream {
  instance: Instance;
  /** The id of its `ready` event: events after it are this stream's to deliver. */
  readyId: bigint;
  arrivals: Map<string, number>;
  /** Set when the stream ended before the script closed it. */
  endedEarly: boolean;
  close(): void;
}

/** Opens the user's stream on `instance` and answers once the server says it is ready. */
export async function holdStream(
  instance: Instance,
  url: string,
  headers: Record<string, string>,
): Promise<HeldStream> {
  const controller = new AbortController();
  const response = await fetch(instance.base + url, { headers, signal: controller.signal });
  if (response.status !== 200 || !response.body)
    throw new Error(`stream on :${instance.port}: ${response.status}`);
  const held: HeldStream = {
    instance,
    readyId: -1n,
    arrivals: new Map(),
    endedEarly: false,
    close: () => {
      closed = true;
      controller.abort();
    },
  };
  let closed = false;
  let ready = () => {};
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = /^id: (.*)$/m.exec(block)?.[1];
          const name = /^event: (.*)$/m.exec(block)?.[1];
          if (id === undefined) continue;
          if (name === LIVE_EVENTS.ready) {
            held.readyId = BigInt(id);
            ready();
          } else if (name === LIVE_EVENTS.change) held.arrivals.set(id, performance.now());
          else if (name === LIVE_EVENTS.reset) sampleError(`stream on :${instance.port}: reset`);
        }
      }
    } catch {
      // Aborted by close().
    }
    if (!closed) held.endedEarly = true;
  })();
  await isReady;
  return held;
}
