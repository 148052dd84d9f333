/**
 * Whether an error means the database cannot be reached now (down, restarting, out of
 * connections), rather than that a query is wrong: such a request answers 503 with
 * Retry-After, and the pool connects again by itself once the server is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in its own (`cause`).
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code)) return true;
      // SQLSTATE class 08 (connection exception), shutting down or starting, too many clients.
      if (code.startsWith('08') || SERVER_STATES.has(code)) return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.includes(m)))
      return true;
  }
  return false;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres says these without a code. */
const DRIVER_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/** What a client is told to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
