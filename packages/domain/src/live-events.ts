// Zod-free: the portal's session code names the events without downloading zod.
/**
 * Live events (the signed-in event stream, `accounts.events`): the API tells a user's open
 * pages what changed, and each page refreshes the queries the event names. A stream sends
 * server-sent events of three kinds, each with an `id` to resume from (`Last-Event-ID`).
 */
export const LIVE_EVENTS = {
  /** `data` names what changed: `{ "keys": [...] }`. */
  change: 'change',
  /** Changes may have been missed (a resume from beyond the event log): refresh everything. */
  reset: 'reset',
  /** The stream is open and caught up; its id is where a later resume starts. */
  ready: 'ready',
} as const;
export type LiveEventName = (typeof LIVE_EVENTS)[keyof typeof LIVE_EVENTS];

/** A comment line on a quiet stream this often, so proxies and clients see it alive. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** How long events are kept to resume from: a client away longer gets `reset`. */
export const LIVE_RETENTION_MS = 10 * 60_000;
/** How long a client waits before it reconnects (the stream's `retry:`). */
export const LIVE_RETRY_MS = 3_000;
