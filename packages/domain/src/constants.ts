/** Business constants of spec 1 §9 and spec 2 §9 — the only place they are written. */
export const API_ROOT = '/api/v1';
export const RELEASE = 'Version-1.211';
export const BUILD_NUMBER = '919';
export const DEFAULT_LOCALE = 'en-CA';
export const THEME_CACHE_MS = 24 * 60 * 60 * 1000;
export const SESSION_TIMEOUT_MS = 60 * 60 * 1000;
