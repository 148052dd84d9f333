import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  LIVE_EVENTS,
  LIVE_HEARTBEAT_MS,
  LIVE_RETENTION_MS,
  LIVE_RETRY_MS,
  type ContractId,
  type DatasetName,
  type LiveEventName,
} from '@tern/domain';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { defineJobs, type Jobs } from '../jobs.ts';
import type { Signals } from './signals.ts';

/** What an event names: a dataset (spec 1 §3) or a contract whose answer changed. */
type LiveKey = DatasetName | ContractId;

interface StreamOptions {
  userId: string;
  /** The session the stream belongs to: its end (`endSessions`, expiry) ends the stream. */
  sessionId: string;
  expiresAt: Date;
  /** The `Last-Event-ID` a reconnecting client sends. */
  lastEventId: string | undefined;
}

/**
 * Live events (ADR 0008): a change is written to a short log and announced on `tern_events`;
 * every instance hears it and writes it to the streams its user has open there. A stream
 * that reconnects with `Last-Event-ID` is sent what it missed from the log.
 */
export interface LiveEvents {
  /**
   * Tells the user's open pages that what `keys` name has changed. Never throws: the change
   * it reports has happened; a page that misses it refreshes on its next load.
   */
  publish(userId: string, keys: readonly LiveKey[]): Promise<void>;
  /**
   * The same event as an SQL expression, for the statement that makes the change: published
   * when that statement's transaction commits, and not at all if it fails.
   */
  publication(userId: string, keys: readonly LiveKey[]): SQL;
  /** Answers the request with the user's event stream, open until the client goes or the session ends. */
  stream(reply: FastifyReply, options: StreamOptions): Promise<void>;
  /** Ends the streams of these sessions on this instance (they have ended). */
  endSessions(sessionIds: readonly string[]): void;
  /** Ends every stream (shutdown). */
  close(): void;
  /** How many streams are open on this instance. */
  openStreams(): number;
}

interface Event {
  id: string;
  keys: string[];
}

interface OpenStream {
  sessionId: string;
  send(event: Event): void;
  /** Sends what the log holds after the last event sent (after a gap in the signals). */
  catchUp(): void;
  end(): void;
}

/** A client that reads slower than this many bytes behind is dropped; it resumes on reconnect. */
const MAX_BUFFERED_BYTES = 64 * 1024;
/** Event ids this stream sent recently: a replay that overlaps live delivery skips them. */
const RECENT_IDS = 64;
/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const frame = (name: LiveEventName, id: string, data: unknown) =>
  `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** The live events' own background work. */
const liveJobs = defineJobs('live', {
  cleanup: {
    description: `delete live events older than ${LIVE_RETENTION_MS / 60_000} minutes (the newest stays, so a resume can tell what was dropped)`,
    payload: z.object({}),
    schedule: '*/5 * * * *',
    run: async (_job, { db, clock }: { db: Db; clock: Clock }) => {
      await db.execute(sql`
        delete from live_events
         where created_at < ${new Date(clock.now().getTime() - LIVE_RETENTION_MS)}
           and id < (select max(id) from live_events)`);
    },
  },
});

export function createLiveEvents(deps: {
  db: Db;
  signals: Signals;
  jobs: Jobs;
  clock: Clock;
  log: FastifyBaseLogger;
}): LiveEvents {
  const { db, signals, jobs, clock, log } = deps;
  const byUser = new Map<string, Set<OpenStream>>();

  /**
   * The user's events after `afterId`, and the log's bounds: events before the oldest kept
   * are gone (the newest is always kept), and an id beyond the newest was not sent here.
   */
  async function readLog(userId: string, afterId: bigint) {
    const { rows } = await db.execute<{ oldest: string; latest: string; events: Event[] }>(sql`
      select coalesce(min(id), 0)::text as oldest, coalesce(max(id), 0)::text as latest,
             coalesce((select json_agg(json_build_object('id', e.id::text, 'keys', e.keys) order by e.id)
                         from live_events e
                        where e.user_id = ${userId} and e.id > ${afterId}), '[]') as events
        from live_events`);
    const row = rows[0]!;
    const [oldest, latest] = [BigInt(row.oldest), BigInt(row.latest)];
    const complete = afterId <= latest && (latest === 0n || afterId >= oldest - 1n);
    return { events: row.events, latest, complete };
  }

  // The log row and its NOTIFY on `tern_events`, in one function (migration 0018).
  const publication = (userId: string, keys: readonly LiveKey[]) =>
    sql`live_publish(${userId}, ${JSON.stringify(keys)}::jsonb)`;

  signals.listen('tern_events', (payload) => {
    const event = JSON.parse(payload) as Event & { userId: string };
    for (const stream of byUser.get(event.userId) ?? []) stream.send(event);
  });
  signals.onGap(() => {
    if (!signals.listening) return;
    for (const streams of byUser.values()) for (const stream of streams) stream.catchUp();
  });

  jobs.register(liveJobs, { db, clock });

  return {
    async publish(userId, keys) {
      try {
        await db.execute(sql`select ${publication(userId, keys)}`);
      } catch (error) {
        log.warn({ err: error, keys }, 'live event not published');
      }
    },

    publication,

    async stream(reply, options) {
      const { userId, sessionId } = options;
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Proxies (nginx) must pass each event on at once, not buffer the answer.
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: ${LIVE_RETRY_MS}\n\n`);

      let lastId = 0n;
      const recent: string[] = [];
      let ready = false;
      const held: Event[] = [];
      let ended = false;

      const write = (chunk: string) => {
        if (ended) return;
        raw.write(chunk);
        if (raw.writableLength > MAX_BUFFERED_BYTES) stream.end();
      };
      const deliver = (event: Event) => {
        if (recent.includes(event.id)) return;
        recent.push(event.id);
        if (recent.length > RECENT_IDS) recent.shift();
        const id = BigInt(event.id);
        if (id > lastId) lastId = id;
        write(frame(LIVE_EVENTS.change, event.id, { keys: event.keys }));
      };
      /**
       * Sends the user's events after `from`; or, when the log cannot say what came after it
       * (or `from` is not an id this server sends), `reset`.
       */
      const catchUp = async (from: bigint | undefined) => {
        const { events, latest, complete } = await readLog(userId, from ?? 0n);
        if (from !== undefined && complete) {
          if (from > lastId) lastId = from;
          for (const event of events) deliver(event);
        } else {
          lastId = latest;
          write(frame(LIVE_EVENTS.reset, String(lastId), {}));
        }
      };

      const heartbeat = setInterval(() => write(': ping\n\n'), LIVE_HEARTBEAT_MS);
      const untilExpiry = Math.min(
        options.expiresAt.getTime() - clock.now().getTime(),
        MAX_TIMER_MS,
      );
      const expiry = setTimeout(() => stream.end(), Math.max(untilExpiry, 0));

      const stream: OpenStream = {
        sessionId,
        send: (event) => (ready ? deliver(event) : held.push(event)),
        catchUp: () => {
          if (!ready) return;
          catchUp(lastId).catch((error: unknown) =>
            log.warn({ err: error }, 'live stream could not catch up'),
          );
        },
        end: () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          clearTimeout(expiry);
          const streams = byUser.get(userId);
          streams?.delete(stream);
          if (streams?.size === 0) byUser.delete(userId);
          raw.end();
        },
      };
      raw.on('close', () => stream.end());
      // Listening before reading the log: an event committed in between is held, not lost.
      let streams = byUser.get(userId);
      if (!streams) byUser.set(userId, (streams = new Set()));
      streams.add(stream);

      const { lastEventId } = options;
      try {
        if (lastEventId === undefined) lastId = (await readLog(userId, 0n)).latest;
        else await catchUp(/^\d{1,18}$/.test(lastEventId) ? BigInt(lastEventId) : undefined);
      } catch (error) {
        log.warn({ err: error }, 'live stream could not read the event log');
        stream.end();
        return;
      }
      ready = true;
      for (const event of held.splice(0)) deliver(event);
      write(frame(LIVE_EVENTS.ready, String(lastId), {}));
    },

    endSessions(sessionIds) {
      const ending = new Set(sessionIds);
      for (const streams of byUser.values())
        for (const stream of streams) if (ending.has(stream.sessionId)) stream.end();
    },

    close() {
      for (const streams of byUser.values()) for (const stream of streams) stream.end();
    },

    openStreams: () => [...byUser.values()].reduce((sum, streams) => sum + streams.size, 0),
  };
}
