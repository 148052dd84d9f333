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
import { stateDocumentLimits } from './openapi-limits.ts';

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
      // In bytes: a longer file answers 413 (uploads.ts).
      maxLength: DOCUMENT_USES[use].maxBytes,
      description: `One file: ${DOCUMENT_USES[use].types.join(', ')} by its bytes, at most ${DOCUMENT_USES[use].maxBytes} bytes.`,
    },
  },
});

/** The request body of a raw upload route: the file itself, whatever its declared type. */
const rawUploadBody = (use: DocumentUse) => ({
  type: 'string',
  format: 'binary',
  maxLength: DOCUMENT_USES[use].maxBytes,
  description: `The file's bytes: ${DOCUMENT_USES[use].types.join(', ')} by its bytes, at most ${DOCUMENT_USES[use].maxBytes} bytes.`,
});

/**
 * Sent on any answer to a call from one of the partner's portals (`@fastify/cors` in app.ts,
 * before the route runs): documented wherever an answer's headers are.
 */
const corsHeader = {
  'Access-Control-Allow-Origin': {
    type: 'string',
    maxLength: 255,
    description:
      "The calling page's origin, when it is one of the partner's portals; absent for any other.",
  },
};

/**
 * A 429's header: every API call may be refused by the capacity limit (app.ts), and some by
 * their own limits per address or account; each says when to come back.
 */
const retryAfterHeader = {
  'Retry-After': {
    type: 'integer',
    minimum: 1,
    maximum: 2_147_483_647,
    description: 'Seconds to wait before calling again.',
  },
};

/**
 * The zod schemas as OpenAPI, plus what they cannot say: an upload's multipart body or a raw
 * upload's bytes (the route has no body schema: the handler reads the stream), a redirect's
 * Location header and a refusal's Retry-After.
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
      headers: { Location: { type: 'string', format: 'uri-reference' }, ...corsHeader },
    };
  const refused = result.schema.response?.['429'];
  if (refused && typeof refused === 'object')
    result.schema.response!['429'] = {
      ...refused,
      description: 'Too many calls: try again after Retry-After seconds',
      headers: { ...retryAfterHeader, ...corsHeader },
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
 * The type provider names a recursive schema's parts `#/components/schemas/__shared#/$defs/x`,
 * which is no JSON pointer (a second `#`): written `…/__shared/$defs/x`, as linters and
 * generators resolve it.
 */
const withResolvableRefs = (document: OpenApiDocument): OpenApiDocument =>
  JSON.parse(
    JSON.stringify(document).replaceAll(`"${SCHEMA_REF}__shared#/`, `"${SCHEMA_REF}__shared/`),
  ) as OpenApiDocument;

/** A document that declares each tag its operations use (an area, or `web`). */
function withTagsDeclared(document: OpenApiDocument): OpenApiDocument {
  const tags = new Set(
    Object.values(document.paths ?? {}).flatMap((item) =>
      Object.values(item).flatMap((operation) => (operation as { tags?: string[] }).tags ?? []),
    ),
  );
  return { ...document, tags: [...tags].sort().map((name) => ({ name })) };
}

/**
 * A document without the component schemas none of its operations use: the type provider
 * writes every registered schema as both input and output, and most are only one.
 */
function withoutUnusedSchemas(document: OpenApiDocument): OpenApiDocument {
  const all = document.components?.schemas ?? {};
  const used = schemasUsedBy(document.paths, all);
  return {
    ...document,
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name))),
    },
  };
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
  const partner = withTagsDeclared(withoutUnusedSchemas({ ...full, paths }));
  return {
    ...partner,
    info: {
      ...full.info,
      title: 'Tern partner API',
      description:
        "The calls a partner's back end makes: every one sends the partner's `api-key` header; the partner-level ones also `Authorization: Bearer <server secret>` (one of the partner's server secrets; its staff's session is taken too). Single sign-on and the widget token exchange take a token the back end signs with a server secret (docs/adr/0003-sso-tokens.md). Failed calls answer the ApiError shape. A typed client is in `packages/partner-client`.",
    },
    paths,
    components: {
      ...partner.components,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'api-key' },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: "One of the partner's server secrets (or a session of its staff).",
        },
      },
    },
  };
}

/** Where the API is: wherever the document came from. */
const server = {
  url: '/',
  description:
    'The host that serves this document: the same API in local development, staging and production.',
  // Partners' back ends and portals call it from outside: not an internal API.
  'x-internal': false,
};

/**
 * The whole document, once made: only the component schemas its operations use, each
 * reference resolvable, and the limits the schemas enforce stated (openapi-limits.ts).
 */
const transformObject: typeof jsonSchemaTransformObject = (document) =>
  withTagsDeclared(
    stateDocumentLimits(
      withResolvableRefs(
        withoutUnusedSchemas(jsonSchemaTransformObject(document) as OpenApiDocument),
      ),
    ),
  ) as ReturnType<typeof jsonSchemaTransformObject>;

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
      servers: [server],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'api-key' },
          bearer: { type: 'http', scheme: 'bearer' },
          // A link the API signed for a signed-in caller: a browser follows it (an image, a
          // 302) and can send no header, so its short-lived signature travels in the query.
          signedLink: {
            type: 'apiKey',
            in: 'query',
            name: 'signature',
            description:
              'The signature of a link the API handed to a signed-in caller, valid until its `expires`; the log never shows it.',
          },
        },
      },
      security: [{ apiKey: [] }],
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  // Made once, on the first request: every route is registered by then.
  let partner: OpenApiDocument | undefined;
  app.get(PARTNER_DOCUMENT_URL, { schema: { hide: true } }, async () => {
    partner ??= partnerDocument(app.swagger() as OpenApiDocument);
    return partner;
  });
}
