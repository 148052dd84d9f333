import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { DOCUMENT_USES, RELEASE, type DocumentUse } from '@tern/domain';

type Transformed = ReturnType<typeof jsonSchemaTransform> & {
  schema: { body?: unknown; consumes?: string[]; response?: Record<string, unknown> };
};

/** The request body of an upload route: one file part, `file`, of the use's types and limit. */
const uploadBody = (use: DocumentUse) => ({
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description: `One file: ${DOCUMENT_USES[use].types.join(', ')} by its bytes, at most ${DOCUMENT_USES[use].maxBytes} bytes.`,
    },
  },
});

/** The request body of a raw upload route: the file itself, whatever its declared type. */
const rawUploadBody = (use: DocumentUse) => ({
  type: 'string',
  format: 'binary',
  description: `The file's bytes: ${DOCUMENT_USES[use].types.join(', ')} by its bytes, at most ${DOCUMENT_USES[use].maxBytes} bytes.`,
});

/**
 * The zod schemas as OpenAPI, plus what they cannot say: an upload's multipart body or a raw
 * upload's bytes (the route has no body schema: the handler reads the stream) and a
 * redirect's Location header.
 */
const transform: typeof jsonSchemaTransform = (document) => {
  const result = jsonSchemaTransform(document) as Transformed;
  const config = (
    document as {
      route?: { config?: { upload?: DocumentUse; rawUpload?: DocumentUse; redirect?: true } };
    }
  ).route?.config;
  if (config?.upload) {
    result.schema.body = uploadBody(config.upload);
    result.schema.consumes = ['multipart/form-data'];
  }
  if (config?.rawUpload) {
    result.schema.body = rawUploadBody(config.rawUpload);
    result.schema.consumes = ['application/octet-stream'];
  }
  if (config?.redirect && result.schema.response)
    result.schema.response['302'] = {
      type: 'null',
      description: 'Found: the address to follow is in Location',
      headers: { Location: { type: 'string' } },
    };
  return result;
};

/** OpenAPI generated from the zod route schemas: UI at /api/docs, document at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tern API',
        version: RELEASE,
        description:
          'Every /api/v1 call needs the `api-key` header of a partner; calls for a signed-in user also send `Authorization: Bearer <token>`. Failed calls answer the ApiError shape.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'api-key' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ apiKey: [] }],
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
