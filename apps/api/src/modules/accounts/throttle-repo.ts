import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from './tables.ts';

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** SQL of the database-backed rate limits (fixed windows, one row per bucket and key). */
export function throttleRepo(db: Db) {
  /**
   * Counts one more in one statement, so instances racing each other never lose a count: the
   * count starts over at 1 when its window started `windowMs` ago or more. The window's start
   * moves to now only then, or at every count with `restart`.
   */
  const count = async (
    bucket: string,
    key: string,
    now: Date,
    windowMs: number,
    { restart }: { restart: boolean },
  ) => {
    const stale = sql`${rateLimits.windowStart} <= ${ts(new Date(now.getTime() - windowMs))}`;
    const [row] = await db
      .insert(rateLimits)
      .values({ bucket, key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.bucket, rateLimits.key],
        set: {
          count: sql`case when ${stale} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: restart
            ? now
            : sql`case when ${stale} then ${ts(now)} else ${rateLimits.windowStart} end`,
        },
      })
      .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
    return row!;
  };

  return {
    /** Counts one hit: a window older than `windowMs` starts over at 1. */
    hit: (bucket: string, key: string, now: Date, windowMs: number) =>
      count(bucket, key, now, windowMs, { restart: false }),

    /**
     * Counts one more lock in a row and starts it now: the count starts over at 1 when the
     * last lock started `memoryMs` ago or more.
     */
    strike: (bucket: string, key: string, now: Date, memoryMs: number) =>
      count(bucket, key, now, memoryMs, { restart: true }),

    /** The hits of the current window (none when it has passed). */
    async current(bucket: string, key: string, now: Date, windowMs: number) {
      const [row] = await db
        .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
        .from(rateLimits)
        .where(
          and(
            eq(rateLimits.bucket, bucket),
            eq(rateLimits.key, key),
            gt(rateLimits.windowStart, new Date(now.getTime() - windowMs)),
          ),
        );
      return row;
    },

    async clear(bucket: string, key: string): Promise<void> {
      await db
        .delete(rateLimits)
        .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, key)));
    },

    /** Clears every key of a bucket that starts with `prefix` (an account's, from any address). */
    async clearPrefix(bucket: string, prefix: string): Promise<void> {
      await db
        .delete(rateLimits)
        .where(and(eq(rateLimits.bucket, bucket), sql`starts_with(${rateLimits.key}, ${prefix})`));
    },
  };
}
export type ThrottleRepo = ReturnType<typeof throttleRepo>;
