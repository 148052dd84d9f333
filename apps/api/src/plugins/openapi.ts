import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import {
  allContracts,
  DOCUMENT_USES,
  isPartnerFacing,
  RELEASE,
  type DocumentUse,
} from '@tern/domain';

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

/** Where the partner API document is served, beside the full one (`/api/docs/json`). */
export const PARTNER_DOCUMENT_URL = '/api/docs/partner.json';

/** An OpenAPI document, as far as the partner document reads it. */
interface OpenApiDocument {
  info: Record<string, unknown>;
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; [part: string]: unknown };
  [part: string]: unknown;
}

const SCHEMA_REF = '#/components/schemas/';

/** The component schemas a part of a document names (`$ref`), and those they name in turn. */
function schemasUsedBy(part: unknown, schemas: Record<string, unknown>): Set<string> {
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) {
        // `#/components/schemas/__shared#/$defs/x`: the schema is the part before the second #.
        const name = value.slice(SCHEMA_REF.length).split(/[#/]/)[0]!;
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(part);
  return used;
}

/**
 * The partner API: the operations of the full document whose contract is partner-facing
 * (`isPartnerFacing`: `partner` access, or marked `audience: 'partner'`), the component
 * schemas they use, and what a partner's back end sends. Derived from the full document, so
 * a new partner contract is in it without a list to keep; `@tern/partner-client` is
 * generated from it (`npm run partner-client:generate`).
 */
function partnerDocument(full: OpenApiDocument): OpenApiDocument {
  const ids = new Set<string>(allContracts.filter(isPartnerFacing).map((contract) => contract.id));
  const paths = Object.fromEntries(
    Object.entries(full.paths ?? {})
      .map(([path, item]) => [
        path,
        Object.fromEntries(
          Object.entries(item).filter(([, operation]) =>
            ids.has((operation as { operationId?: string }).operationId ?? ''),
          ),
        ),
      ])
      .filter(([, item]) => Object.keys(item as object).length > 0),
  ) as Record<string, Record<string, unknown>>;
  const all = full.components?.schemas ?? {};
  const used = schemasUsedBy(paths, all);
  return {
    ...full,
    info: {
      ...full.info,
      title: 'Tern partner API',
      description:
        "The calls a partner's back end makes: every one sends the partner's `api-key` header; the partner-level ones also `Authorization: Bearer <server secret>` (one of the partner's server secrets; its staff's session is taken too). Single sign-on and the widget token exchange take a token the back end signs with a server secret (docs/adr/0003-sso-tokens.md). Failed calls answer the ApiError shape. A typed client is in `packages/partner-client`.",
    },
    paths,
    components: {
      ...full.components,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'api-key' },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: "One of the partner's server secrets (or a session of its staff).",
        },
      },
      schemas: Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name))),
    },
  };
}

/**
 * OpenAPI generated from the zod route schemas: UI at /api/docs, document at /api/docs/json;
 * the partner API's document at `PARTNER_DOCUMENT_URL`.
 */
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
  // Made once, on the first request: every route is registered by then.
  let partner: OpenApiDocument | undefined;
  app.get(PARTNER_DOCUMENT_URL, { schema: { hide: true } }, async () => {
    partner ??= partnerDocument(app.swagger() as OpenApiDocument);
    return partner;
  });
}
