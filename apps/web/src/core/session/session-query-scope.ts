/**
 * The first part of the key of every query holding a signed-in user's data:
 * `[SESSION_QUERY_SCOPE, userId, …]`. Such queries are dropped when the session changes.
 */
export const SESSION_QUERY_SCOPE = 'session';
