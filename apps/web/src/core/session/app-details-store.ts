import { isRecord } from '../../lib/is-record.ts';
import { storedValue } from '../../lib/storage.ts';

/**
 * Spec 1 §4 "Persistence": app details. What the visit was opened with: the initial path
 * (where a forced timeout returns to) and its query parameters.
 */
export type AppDetails = { initialPath: string; queryParams: Record<string, string> };

const appDetailsStore = storedValue<AppDetails>('app', (raw) =>
  isRecord(raw) && typeof raw.initialPath === 'string' && isRecord(raw.queryParams)
    ? (raw as AppDetails)
    : undefined,
);

/**
 * Paths that spend a one-time token (single sign-on, password reset) or only make sense once:
 * a timeout must not send the visitor back to them.
 */
const ONE_TIME_PATHS = ['/sso', '/reset-password'];

/** The path a forced timeout returns to: where the visit started, unless that spent a token. */
const returnPathOf = (pathname: string, search: string): string =>
  ONE_TIME_PATHS.includes(pathname) ? '/' : `${pathname}${search}`;

/** Records where this visit started (once per page load). */
export function recordVisitStart(pathname: string, search: string): AppDetails {
  const details: AppDetails = {
    initialPath: returnPathOf(pathname, search),
    queryParams: ONE_TIME_PATHS.includes(pathname)
      ? {}
      : Object.fromEntries(new URLSearchParams(search)),
  };
  appDetailsStore.write(details);
  return details;
}
