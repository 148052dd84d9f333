import { isRecord } from './is-record.ts';

/** What a cached copy was fetched for: a theme and a build (spec 1 §4, spec 2 §9 caches). */
export type CacheScope = { theme: string; buildNumber: string };
export type CacheStamp = CacheScope & { savedAt: number };

/** Whether something read from storage carries a cache stamp (what, for which, when). */
export const isStamped = (raw: unknown): raw is Record<string, unknown> & CacheStamp =>
  isRecord(raw) &&
  typeof raw.theme === 'string' &&
  typeof raw.buildNumber === 'string' &&
  typeof raw.savedAt === 'number';

/**
 * Whether a copy saved at `savedAt` for `entry`'s theme and build may still serve `scope` at
 * `now`: same theme, same build (a release never reads another build's copy), younger than
 * `maxAgeMs` (and not from the future, should the clock have moved back).
 */
export const isFresh = (
  entry: CacheStamp | undefined,
  scope: CacheScope,
  now: number,
  maxAgeMs: number,
): boolean =>
  entry !== undefined &&
  entry.theme === scope.theme &&
  entry.buildNumber === scope.buildNumber &&
  now - entry.savedAt >= 0 &&
  now - entry.savedAt < maxAgeMs;
