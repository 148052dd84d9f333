import type { FastifyServerOptions } from 'fastify';
import { err as serializeStdError, type SerializedError } from 'pino-std-serializers';
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

/** Tokens can travel in paths (`/platform/user/sso/{token}`): keep them out of logged URLs. */
export const redactUrl = (url: string): string =>
  url
    .replace(/(\/sso\/)[^/?]+/, '$1[Redacted]')
    .replace(/([?&](token|code|key)=)[^&]+/gi, '$1[Redacted]');

/**
 * A failed query's error names its SQL parameters (Drizzle: "Failed query: … params: …"),
 * which hold what users typed: the SQL stays (it says what failed), the parameters go.
 */
export function serializeError(error: Error): SerializedError {
  const serialized = serializeStdError(error);
  delete serialized.params;
  delete serialized.detail;
  for (const key of ['message', 'stack'] as const) {
    const text = serialized[key];
    if (typeof text === 'string')
      serialized[key] = text.replace(/^params: .*$/gm, 'params: [Redacted]');
  }
  return serialized;
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
