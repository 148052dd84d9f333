import { AppError } from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import { MINUTE_MS, type Limit } from './limits.ts';
import type { ThrottleRepo } from './throttle-repo.ts';

/** The per-account limits of the sign-in flows, kept in the database (see limits.ts). */
export function throttle(deps: { repo: ThrottleRepo; clock: Clock }) {
  const { repo, clock } = deps;

  const refuse = (windowStart: Date, rule: Limit) => {
    const retryMs = windowStart.getTime() + rule.windowMs - clock.now().getTime();
    const minutes = Math.max(1, Math.ceil(retryMs / MINUTE_MS));
    return new AppError('RATE_LIMITED', {
      message: `Too many attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      retryAfterSeconds: Math.max(1, Math.ceil(retryMs / 1000)),
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

    /** Counts a failure; `check` refuses once there are `limit` of them. */
    async fail(bucket: string, key: string, rule: Limit): Promise<void> {
      await repo.hit(bucket, key, clock.now(), rule.windowMs);
    },

    reset: (bucket: string, key: string) => repo.clear(bucket, key),
  };
}
export type Throttle = ReturnType<typeof throttle>;
