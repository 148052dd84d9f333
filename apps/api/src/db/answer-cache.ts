import type { FastifyReply } from 'fastify';
import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * Each user's answer version: a new number whenever a transaction that changed a row a heavy
 * answer reads (their trips, flights, passengers, alerts, statuses, options, payments…)
 * commits. Written only by the triggers of migration 0017, never by the application, so no
 * write can forget it. A user without a row has had no such change since the triggers exist.
 */
const answerVersions = pgTable('answer_versions', {
  userId: uuid('user_id').primaryKey(),
  version: bigint('version', { mode: 'bigint' }).notNull(),
});

/** The version of a user who has no row yet. */
const NO_VERSION = '0';

/**
 * The user's version as text, for a statement that builds an answer: read in the same
 * statement, it is the version of exactly the rows that statement read (one snapshot).
 */
export const versionOf = (userId: SQL | Placeholder) =>
  sql<string>`coalesce((select ${answerVersions.version}::text from ${answerVersions}
    where ${answerVersions.userId} = ${userId}), ${NO_VERSION})`;

/** What a statement returns for the cache: the answer and the version it was read at. */
export interface Versioned<V> {
  version: string;
  value: V;
}

export interface AnswerCacheOptions {
  /** The most the held answers may weigh together (`sizeOf`'s unit, about bytes). */
  maxSize: number;
  /** What one answer weighs; an answer heavier than `maxSize` is not kept. */
  sizeOf: (value: unknown) => number;
}

/** About bytes: a buffer's or a string's length, another value's JSON length. */
export const approximateSize = (value: unknown) =>
  Buffer.isBuffer(value) || typeof value === 'string' ? value.length : JSON.stringify(value).length;

/**
 * Answers kept in this process and served again while their user's version stands (issue 25
 * §2): a hit costs one primary-key read of the version, whatever instance changed the data,
 * since every change moves the version in its own commit. A miss (or a changed version) runs
 * the answer's statement, which reads its version in the same snapshot.
 *
 * Keys must name everything the value depends on besides the user's rows: the user and
 * partner always (`keyOf`), the route, its parameters. Bounded by `maxSize`: the least
 * recently used answers go first.
 */
export function answerCache<V>(db: Db, options: AnswerCacheOptions) {
  const versionQuery = db
    .select({ version: sql<string>`${answerVersions.version}::text` })
    .from(answerVersions)
    .where(eq(answerVersions.userId, sql.placeholder('userId')))
    .prepare('answer_version_of_user');
  // A Map keeps insertion order: re-inserting on a hit makes its first key the least recent.
  const held = new Map<string, Versioned<V> & { size: number }>();
  let size = 0;

  const drop = (key: string) => {
    const entry = held.get(key);
    if (!entry) return;
    held.delete(key);
    size -= entry.size;
  };

  const keep = (key: string, entry: Versioned<V>) => {
    drop(key);
    const weight = options.sizeOf(entry.value);
    if (weight > options.maxSize) return;
    while (size + weight > options.maxSize) drop(held.keys().next().value as string);
    held.set(key, { ...entry, size: weight });
    size += weight;
  };

  return {
    /**
     * The answer held under `key` if `userId`'s version is still the one it was read at;
     * otherwise `load`'s, kept for the next call. `load` must read only `userId`'s rows
     * (within the partner the key names) and return the version its statement read.
     */
    async read(
      userId: string,
      key: string,
      load: () => Promise<Versioned<V> | undefined>,
    ): Promise<V | undefined> {
      const entry = held.get(key);
      if (entry) {
        const [row] = await versionQuery.execute({ userId });
        if ((row?.version ?? NO_VERSION) === entry.version) {
          held.delete(key);
          held.set(key, entry);
          return entry.value;
        }
      }
      const loaded = await load();
      if (loaded) keep(key, loaded);
      else drop(key);
      return loaded?.value;
    },

    /** How many answers and how much this process holds (tests, the bound). */
    stats: () => ({ entries: held.size, size }),
  };
}
export type AnswerCache<V> = ReturnType<typeof answerCache<V>>;

/** A cache key: the partner and the user first, so no two owners ever share one. */
export const keyOf = (owner: { partnerId: string; userId: string }, ...parts: string[]) =>
  [owner.partnerId, owner.userId, ...parts].join('\u0000');

/**
 * A route's answer as its serializer wrote it (`reply.serialize`), in UTF-8: held as bytes,
 * it is neither encoded nor measured again when it is sent.
 */
export const writtenBy =
  <T>(reply: FastifyReply) =>
  (value: T): Buffer =>
    Buffer.from(reply.serialize(value) as string);

/** An answer `writtenBy` wrote (a held one or a new one): sent as it is, as JSON. */
export async function sendWritten(reply: FastifyReply, written: Promise<Buffer>): Promise<never> {
  const body = await written;
  // Fastify sends bytes as they are: the serializer does not run again.
  void reply.type('application/json; charset=utf-8');
  return body as never;
}
