/**
 * Request paths read against the routes' URL patterns (`/api/v1/platform/user/sso/:token`),
 * segment by segment, as the router reads them: for what the log must not show and for
 * naming the parameter a malformed path holds.
 */

/**
 * The segments of a path, its query left off; empty ones (a doubled or trailing slash) are
 * dropped, so `/a//b/` reads as `/a/b`.
 */
export const segmentsOf = (url: string): string[] => {
  const path = url.split('?', 1)[0] ?? '';
  return path.split('/').filter((segment, i) => i === 0 || segment !== '');
};

/** The parameter a pattern's segment names (`:id` → `id`, `:file.json` → `file`), if any. */
export const paramOf = (segment: string): string | undefined =>
  segment.startsWith(':') ? /^:(\w+)/.exec(segment)?.[1] : undefined;

/**
 * Whether the path's segments before `index` are the pattern's (statics equal, parameters
 * anything), so the path's segment at `index` holds the pattern's segment there.
 */
export const sameUpTo = (pattern: string[], path: string[], index: number): boolean =>
  path.length > index &&
  pattern.slice(0, index).every((segment, i) => paramOf(segment) || segment === path[i]);
