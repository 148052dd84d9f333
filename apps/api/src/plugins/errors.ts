import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError, type ErrorCode } from '@tern/domain';
import { unstorableTextPath } from '@tern/domain/rules/text';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.ts';

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

/** Any thrown value → the catalogue's AppError. Unknown errors become INTERNAL_ERROR. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      field: fieldOf(issue.instancePath) || String(issue.params?.['issue'] ?? ''),
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
 * Text PostgreSQL cannot store (NUL) is refused wherever a request carries it — path, query
 * or body, on every route — with 400 and the field, before any schema or query sees it (the
 * domain's text rule says what cannot be stored).
 */
export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = unstorableTextPath(value);
      if (field === undefined) continue;
      throw new AppError('INVALID_PARAMS', {
        message: `Invalid ${where}: ${field || where} holds a character that cannot be stored`,
        field: field || undefined,
        details: [{ field, message: 'validation.invalid' }],
      });
    }
  });
}
