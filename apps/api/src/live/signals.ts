import pg from 'pg';
import type { Database } from '../db/client.ts';

/**
 * Signals between the instances of Tern (API instances and workers) on one PostgreSQL:
 * LISTEN/NOTIFY on one dedicated connection per process. A notification is sent when the
 * transaction that sends it commits, and reaches every listening process within
 * milliseconds. What depends on hearing every signal (the session cache, open event
 * streams) is told of each gap: while the connection is down and again when it is back,
 * since what was sent in between is lost.
 */
export interface Signals {
  /** Sends `payload` on `channel` to every process listening (this one too). */
  notify(channel: Channel, payload: string): Promise<void>;
  /** Calls `handler` with each payload on `channel`, from now on; answers the unsubscribe. */
  listen(channel: Channel, handler: (payload: string) => void): () => void;
  /** Calls `handler` whenever signals may have been missed; answers the unsubscribe. */
  onGap(handler: () => void): () => void;
  /** Whether signals are heard now: a cache may trust itself only while this holds. */
  readonly listening: boolean;
  close(): Promise<void>;
}

/** The channels Tern uses, one per kind of signal. */
export type Channel = 'tern_events' | 'tern_sessions' | 'tern_clock';

/** The listening connection's application_name. */
export const SIGNALS_CONNECTION = 'tern-signals';

const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

export function createSignals(
  database: Pick<Database, 'pool'>,
  log: { warn: (message: string) => void } = { warn: () => {} },
): Signals {
  const handlers = new Map<Channel, Set<(payload: string) => void>>();
  const gapHandlers = new Set<() => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let listening = false;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const gap = () => {
    for (const handler of gapHandlers) handler();
  };

  const lost = (connection: pg.Client, error?: Error) => {
    if (client !== connection) return;
    client = undefined;
    const wasListening = listening;
    listening = false;
    connection.removeAllListeners();
    // A dead connection's error events still arrive; they must not crash the process.
    connection.on('error', () => {});
    void connection.end().catch(() => {});
    if (wasListening) gap();
    if (closed) return;
    if (error) log.warn(`signals: connection lost (${error.message}); reconnecting`);
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  };

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      // Named, so an operator (and a test) can tell it in pg_stat_activity.
      const connection = new pg.Client({
        ...database.pool.options,
        application_name: SIGNALS_CONNECTION,
      });
      client = connection;
      connection.on('error', (error) => lost(connection, error));
      connection.on('end', () => lost(connection));
      connection.on('notification', ({ channel, payload }) => {
        for (const handler of handlers.get(channel as Channel) ?? []) handler(payload ?? '');
      });
      try {
        await connection.connect();
        for (const channel of handlers.keys()) await connection.query(`listen ${channel}`);
        if (client !== connection || closed) return;
        listening = true;
        retryMs = RECONNECT_MIN_MS;
        // Whatever was sent before this connection listened was not heard.
        gap();
      } catch (error) {
        lost(connection, error as Error);
      }
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    async notify(channel, payload) {
      await database.pool.query('select pg_notify($1, $2)', [channel, payload]);
    },

    listen(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        // A new channel on a live connection is listened to at once; otherwise on connect.
        if (client && listening)
          client.query(`listen ${channel}`).catch((error: Error) => lost(client!, error));
      }
      set.add(handler);
      if (!client && !closed) void connect();
      return () => set.delete(handler);
    },

    onGap(handler) {
      gapHandlers.add(handler);
      return () => gapHandlers.delete(handler);
    },

    get listening() {
      return listening;
    },

    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await connecting;
      const connection = client;
      client = undefined;
      listening = false;
      if (connection) {
        connection.removeAllListeners();
        connection.on('error', () => {});
        await connection.end().catch(() => {});
      }
    },
  };
}
