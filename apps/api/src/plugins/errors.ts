import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError, type ErrorCode } from '@tern/domain';
import { unstorableTextPath } from '@tern/domain/rules/text';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.ts';
import { paramOf, segmentsOf } from './route-paths.ts';

/** Fastify's own client errors, each given its catalogue code. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_PARAMS',
};

/**
 * `/emailAddress` (or `/body/emailAddress`) → `emailAddress`, `/comms/0/commsId` →
 * `comms.0.commsId`: the form field a validation issue belongs to.
 */
const fieldOf = (instancePath: string): string =>
  instancePath
    .split('/')
    .filter(Boolean)
    .filter((part, i) => i > 0 || !['body', 'querystring', 'params', 'headers'].includes(part))
    .join('.');

/** A value the validator reports, as text: a string as it is, anything else not at all. */
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** Any thrown value → the catalogue's AppError. Unknown errors become INTERNAL_ERROR. */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      field: fieldOf(issue.instancePath) || textOf(issue.params?.['issue']),
      message: issue.message ?? 'validation.invalid',
    }));
    const where = error.validationContext ?? 'body';
    return new AppError('INVALID_PARAMS', {
      message: `Invalid ${where}: ${details.map((d) => `${d.field || where} ${d.message}`).join('; ')}`,
      field: details[0]?.field || undefined,
      details,
    });
  }
  const fastifyError = error as Partial<FastifyError>;
  const mapped = fastifyError.code ? fastifyCodes[fastifyError.code] : undefined;
  if (mapped) return new AppError(mapped, { message: fastifyError.message ?? mapped });
  if (fastifyError.statusCode === 429)
    return new AppError('RATE_LIMITED', { message: 'Too many requests, try again later' });
  if (
    fastifyError.statusCode &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500 &&
    !isResponseSerializationError(error)
  ) {
    return new AppError(fastifyError.statusCode === 404 ? 'ROUTE_NOT_FOUND' : 'INVALID_PARAMS', {
      message: fastifyError.message ?? 'Bad request',
    });
  }
  if (isDatabaseUnavailable(error))
    return new AppError('SERVICE_UNAVAILABLE', {
      message: 'The service is briefly unavailable; try again shortly',
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      cause: error,
    });
  return new AppError('INTERNAL_ERROR', {
    message: 'Something went wrong on our side',
    cause: error,
  });
}

/**
 * The one error handler: every failed response has the catalogue shape
 * `{ code, status, message, field? }`. Server errors are logged in full and answered
 * without stack, SQL or internal messages.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code }, 'request refused');
    if (appError.retryAfterSeconds !== undefined)
      void reply.header('retry-after', String(appError.retryAfterSeconds));
    return reply.status(appError.status).send(appError.toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    const appError = new AppError('ROUTE_NOT_FOUND', {
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
    });
    return reply.status(404).send(appError.toBody());
  });
}

/**
 * Whether percent-escapes in a raw path segment or query part decode to no text: UTF-8 has no
 * bytes for a lone surrogate, so one arrives as such a sequence (`%ED%A0%80`), as does any
 * other broken one. A `%` not followed by two hex digits stands for itself, as the query
 * parser takes it.
 */
const isMalformedEscape = (raw: string): boolean => {
  try {
    decodeLoosely(raw);
    return false;
  } catch {
    return true;
  }
};
const decodeLoosely = (raw: string) =>
  decodeURIComponent(raw.replace(/%(?![0-9a-f]{2})/gi, '%25').replace(/\+/g, ' '));

/** The first query parameter whose name or value is malformed (`isMalformedEscape`), by name. */
function malformedQueryParam(url: string): string | undefined {
  const start = url.indexOf('?');
  if (start < 0) return undefined;
  for (const part of url.slice(start + 1).split('&')) {
    const [name = '', value = ''] = part.split(/=(.*)/s);
    if (isMalformedEscape(name)) return name;
    if (isMalformedEscape(value)) return decodeLoosely(name);
  }
  return undefined;
}

const invalidText = (where: string, field: string) =>
  new AppError('INVALID_PARAMS', {
    message: `Invalid ${where}: ${field || where} holds a character that cannot be stored`,
    field: field || undefined,
    details: [{ field, message: 'validation.invalid' }],
  });

/**
 * Text that cannot be stored or encoded (NUL, a lone surrogate: the domain's text rule) is
 * refused wherever a request carries it — path, query or body, on every route — with 400 and
 * the field, before any schema or query sees it. In a path or a query a lone surrogate can
 * only come percent-encoded, as bytes that are no UTF-8: the query's are refused here (its
 * parser would keep them as they are), the path's where the router fails to decode them
 * (`answerFrameworkError`).
 */
export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const malformed = malformedQueryParam(request.url);
    if (malformed !== undefined) throw invalidText('query', malformed);
    for (const [where, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = unstorableTextPath(value);
      if (field !== undefined) throw invalidText(where, field);
    }
  });
}

/**
 * The parameter of a path the router could not decode: the one a route of that method names
 * at the first malformed segment (statics equal, parameters anything).
 */
function malformedPathParam(
  routes: readonly { method: string; url: string }[],
  method: string,
  url: string,
): string | undefined {
  const path = segmentsOf(url);
  const index = path.findIndex(isMalformedEscape);
  if (index < 0) return undefined;
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = segmentsOf(route.url);
    if (pattern.length !== path.length) continue;
    const params = pattern.map(paramOf);
    if (!pattern.every((segment, i) => params[i] !== undefined || segment === path[i])) continue;
    const name = params[index];
    if (name) return name;
  }
  return undefined;
}

/**
 * Fastify's own refusals before any route runs (`frameworkErrors`): a path it cannot decode
 * is INVALID_PARAMS naming the parameter, the rest as the error handler answers them.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  routes: readonly { method: string; url: string }[],
): void {
  const appError =
    error.code === 'FST_ERR_BAD_URL'
      ? invalidText('path', malformedPathParam(routes, request.method, request.url) ?? '')
      : toAppError(error);
  request.log.info({ code: appError.code }, 'request refused');
  void reply.status(appError.status).send(appError.toBody());
}
