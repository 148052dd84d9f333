import type { FastifyServerOptions } from 'fastify';
import { AppError } from '@tern/domain';
import type { Config } from '../config.ts';
import { paramOf, sameUpTo, segmentsOf } from './route-paths.ts';

/**
 * Paths pino blanks before a line is written: credentials, tokens and personal documents
 * never reach the logs, whatever a handler chooses to log.
 */
const redactPaths = [
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's path parameters that are bearer credentials (whoever holds the value may
     * use it): the log shows `[Redacted]` in their place. Contracts declare theirs
     * (`credentialParams`); the routes registered from them carry it here.
     */
    credentialParams?: readonly string[];
  }
}

const REDACTED = '[Redacted]';

/** Query parameters blanked on every URL: tokens, codes and keys (the reset and SSO pages). */
const QUERY_CREDENTIALS = ['token', 'code', 'key'];

/** `?name=…` of each credential name blanked. */
const queryRedaction = (names: readonly string[]) => {
  const pattern = new RegExp(
    `([?&](${names.map((n) => n.replace(/[^\w-]/g, '\\$&')).join('|')})=)[^&#]+`,
    'gi',
  );
  return (url: string): string => url.replace(pattern, `$1${REDACTED}`);
};

/**
 * The URL redaction of the log: every route that declares credential path parameters
 * (`credentialParams` in its config, copied from its contract) is told here as it is
 * registered (`onRoute`), and a logged URL whose path reads as that route's, up to a
 * credential's segment, shows `[Redacted]` there — also when the rest of the path does not
 * match (a 404 still carries the token), and for a request no route took (a malformed URL).
 */
export function urlRedaction() {
  const routes: { segments: string[]; credentials: number[] }[] = [];
  const queryNames = new Set(QUERY_CREDENTIALS);
  let redactQuery = queryRedaction([...queryNames]);
  return {
    /**
     * A route's credential parameters: those of its path are blanked where a URL reads as its
     * path; the others are its query's, blanked in every URL's query (a signed link's
     * signature), so a mistyped path cannot keep one in the log.
     */
    declare(url: string, params: readonly string[]): void {
      const segments = segmentsOf(url);
      const inPath = new Set<string>();
      const credentials = segments.flatMap((segment, i) => {
        const param = paramOf(segment);
        if (!param || !params.includes(param)) return [];
        inPath.add(param);
        return [i];
      });
      if (credentials.length > 0) routes.push({ segments, credentials });
      const inQuery = params.filter((param) => !inPath.has(param) && !queryNames.has(param));
      if (inQuery.length > 0) {
        for (const name of inQuery) queryNames.add(name);
        redactQuery = queryRedaction([...queryNames]);
      }
    },

    /** `url` with its credentials blanked: those of its path, and a query's tokens and codes. */
    redact(url: string): string {
      const path = segmentsOf(url);
      let redacted = false;
      for (const route of routes)
        for (const index of route.credentials)
          if (sameUpTo(route.segments, path, index) && path[index] !== REDACTED) {
            path[index] = REDACTED;
            redacted = true;
          }
      if (!redacted) return redactQuery(url);
      const query = url.indexOf('?');
      return redactQuery(path.join('/') + (query < 0 ? '' : url.slice(query)));
    },
  };
}
export type UrlRedaction = ReturnType<typeof urlRedaction>;

/** What a logged error says about itself: never its message, which may quote user data. */
type LoggedError = {
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
function serializeError(error: Error): LoggedError {
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

const serializersFor = (redaction: UrlRedaction) => ({
  err: serializeError,
  req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
    method: req.method,
    url: redaction.redact(req.url),
    host: req.hostname,
    remoteAddress: req.ip,
  }),
});

export function loggerOptions(
  config: Config,
  redaction: UrlRedaction,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  const serializers = serializersFor(redaction);
  if (stream)
    return {
      level: config.LOG_LEVEL,
      redact: { paths: redactPaths, censor: REDACTED },
      serializers,
      stream,
    };
  return {
    level: config.LOG_LEVEL,
    redact: { paths: redactPaths, censor: REDACTED },
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
