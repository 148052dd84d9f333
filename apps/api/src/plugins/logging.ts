import type { FastifyServerOptions } from 'fastify';
import { err as serializeStdError, type SerializedError } from 'pino-std-serializers';
import { allContracts, fillPath, pathParams } from '@tern/domain';
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
