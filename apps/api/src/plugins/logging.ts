import type { FastifyServerOptions } from 'fastify';
import { AppError, allContracts, fillPath, pathParams } from '@tern/domain';
import type { Config } from '../config.ts';

/**
 * Paths pino blanks before a line is written: credentials, tokens and personal documents
 * never reach the logs, whatever a handler chooses to log.
 */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers["api-key"]',
  'req.headers.cookie',
  '*.password',
  '*.passwordConfirm',
  '*.newPassword',
  '*.token',
  '*.accessToken',
  '*.secret',
  '*.code',
  '*.cardNumber',
  '*.card',
  '*.iban',
  '*.accountNumber',
  '*.documentNumber',
  '*.passportNumber',
  '*.value',
  'body.*',
];

/**
 * A token can travel in a path (the SSO link): every contract path with a `{token}` gives a
 * pattern that keeps what comes before it and blanks the token itself.
 */
const tokensInPaths = allContracts
  .filter((contract) => pathParams(contract.path).includes('token'))
  .map((contract) => {
    const before = contract.path.slice(0, contract.path.indexOf('{token}'));
    return new RegExp(`(${fillPath(before, () => '[^/?]+')})[^/?]+`);
  });

/** Keeps tokens and codes out of logged URLs, in paths and in queries. */
export const redactUrl = (url: string): string =>
  tokensInPaths
    .reduce((redacted, pattern) => redacted.replace(pattern, '$1[Redacted]'), url)
    .replace(/([?&](token|code|key)=)[^&]+/gi, '$1[Redacted]');

/** What a logged error says about itself: never its message, which may quote user data. */
export type LoggedError = {
  type: string;
  /** Ours (AppError), whose messages are written here; others' are withheld. */
  message: string;
  /**
   * PostgreSQL's SQLSTATE, Node's errno name, the catalogue's code… (not `code`: that name is
   * blanked in every log line, as one-time codes travel under it).
   */
  errorCode?: string;
  /** The SQL of a failed query, with its $n placeholders (the parameters are left out). */
  query?: string;
  causes?: { type: string; errorCode?: string }[];
  /** Where it was thrown: the stack's frames, without the message line. */
  stack: string;
};

const codeOf = (error: Error): string | undefined => {
  const { code } = error as { code?: unknown };
  return typeof code === 'string' || typeof code === 'number' ? String(code) : undefined;
};

/**
 * A server error as the log keeps it: its class, its code, the failed query's SQL and where
 * it was thrown, for each cause too; the request id on the line is the reference a user
 * quotes. Messages, details and parameters are left out: a failed query's error quotes what
 * users typed (Drizzle: "params: …"; PostgreSQL: `invalid input syntax: "ada@example.com"`,
 * `Key (email)=(…)`).
 */
export function serializeError(error: Error): LoggedError {
  const causes: Error[] = [];
  for (let cause = error.cause; cause instanceof Error && causes.length < 5; cause = cause.cause)
    causes.push(cause);
  // The first code of the chain: a failed query's SQLSTATE sits on the driver's error.
  const code = [error, ...causes].map(codeOf).find(Boolean);
  const { query } = error as { query?: unknown };
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
  return {
    type: error.constructor.name || error.name,
    message: error instanceof AppError ? error.message : '[withheld: it may quote user data]',
    ...(code ? { errorCode: code } : {}),
    ...(typeof query === 'string' ? { query } : {}),
    ...(causes.length
      ? {
          causes: causes.map((cause) => {
            const causeCode = codeOf(cause);
            return {
              type: cause.constructor.name || cause.name,
              ...(causeCode ? { errorCode: causeCode } : {}),
            };
          }),
        }
      : {}),
    stack: frames,
  };
}

const serializers = {
  err: serializeError,
  req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
    method: req.method,
    url: redactUrl(req.url),
    host: req.hostname,
    remoteAddress: req.ip,
  }),
};

export function loggerOptions(
  config: Config,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  if (stream)
    return {
      level: config.LOG_LEVEL,
      redact: { paths: redactPaths, censor: '[Redacted]' },
      serializers,
      stream,
    };
  return {
    level: config.LOG_LEVEL,
    redact: { paths: redactPaths, censor: '[Redacted]' },
    serializers,
    ...(config.NODE_ENV === 'development' && process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
