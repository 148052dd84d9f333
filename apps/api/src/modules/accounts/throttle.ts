import { AppError } from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import { MINUTE_MS, lockLengthMs, type Backoff, type Limit } from './limits.ts';
import type { ThrottleRepo } from './throttle-repo.ts';

/** The per-account limits of the sign-in flows, kept in the database (see limits.ts). */
export function throttle(deps: { repo: ThrottleRepo; clock: Clock }) {
  const { repo, clock } = deps;

  const retryIn = (until: number) => {
    const retryMs = until - clock.now().getTime();
    const minutes = Math.max(1, Math.ceil(retryMs / MINUTE_MS));
    return {
      minutes: `${minutes} minute${minutes === 1 ? '' : 's'}`,
      retryAfterSeconds: Math.max(1, Math.ceil(retryMs / 1000)),
    };
  };
  const refuse = (windowStart: Date, rule: Limit) => {
    const { minutes, retryAfterSeconds } = retryIn(windowStart.getTime() + rule.windowMs);
    return new AppError('RATE_LIMITED', {
      message: `Too many attempts; try again in ${minutes}`,
      retryAfterSeconds,
    });
  };

  return {
    /** Counts an attempt, refusing it (429) once the window's limit is passed. */
    async consume(bucket: string, key: string, rule: Limit): Promise<void> {
      const row = await repo.hit(bucket, key, clock.now(), rule.windowMs);
      if (row.count > rule.limit) throw refuse(row.windowStart, rule);
    },

    /** Refuses (429) when the limit is already reached, without counting. */
    async check(bucket: string, key: string, rule: Limit): Promise<void> {
      const row = await repo.current(bucket, key, clock.now(), rule.windowMs);
      if (row && row.count >= rule.limit) throw refuse(row.windowStart, rule);
    },

    /** Counts a failure; `check` refuses once there are `limit` of them. Answers how many. */
    async fail(bucket: string, key: string, rule: Limit): Promise<number> {
      return (await repo.hit(bucket, key, clock.now(), rule.windowMs)).count;
    },

    reset: (bucket: string, key: string) => repo.clear(bucket, key),
    /** Resets every key of a bucket that starts with `prefix`. */
    resetAll: (bucket: string, prefix: string) => repo.clearPrefix(bucket, prefix),

    /**
     * Locks `key` from now, for longer with each lock in a row (`Backoff`): the first lasts
     * `firstMs`, each next one twice the last, up to `maxMs`.
     */
    async lock(bucket: string, key: string, backoff: Backoff): Promise<void> {
      await repo.strike(bucket, key, clock.now(), backoff.memoryMs);
    },

    /** Refuses while a lock of `key` is on, with the error `locked` makes (its Retry-After). */
    async checkLock(
      bucket: string,
      key: string,
      backoff: Backoff,
      locked: (retry: { minutes: string; retryAfterSeconds: number }) => AppError,
    ): Promise<void> {
      const row = await repo.current(bucket, key, clock.now(), backoff.maxMs);
      if (!row) return;
      const until = row.windowStart.getTime() + lockLengthMs(backoff, row.count);
      if (until > clock.now().getTime()) throw locked(retryIn(until));
    },
  };
}
export type Throttle = ReturnType<typeof throttle>;
