/** What a cached copy was fetched for: a theme and a build (spec 1 §4, spec 2 §9 caches). */
export type CacheScope = { theme: string; buildNumber: string };

/**
 * Whether a copy saved at `savedAt` for `entry`'s theme and build may still serve `scope` at
 * `now`: same theme, same build (a release never reads another build's copy), younger than
 * `maxAgeMs` (and not from the future, should the clock have moved back).
 */
export const isFresh = (
  entry: (CacheScope & { savedAt: number }) | undefined,
  scope: CacheScope,
  now: number,
  maxAgeMs: number,
): boolean =>
  entry !== undefined &&
  entry.theme === scope.theme &&
  entry.buildNumber === scope.buildNumber &&
  now - entry.savedAt >= 0 &&
  now - entry.savedAt < maxAgeMs;
