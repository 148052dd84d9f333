import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import {
  API_ROOT,
  AppError,
  apiErrorSchema,
  errorCatalogue,
  fillPath,
  pathParams,
  isElevated,
  routeName,
  successStatus,
  type AbuseClass,
  type Access,
  type Contract,
  type ContractDef,
  type ErrorStatus,
  type Locator,
  type ParsedRequestOf,
  type ReplyOf,
  type Feature,
  type Role,
  type WidgetPanel,
  withheldFeatures,
  isOwnAdmin,
} from '@tern/domain';
import {
  acceptRawBodies,
  readRawUpload,
  readUpload,
  type RawUpload,
  type Upload,
} from './uploads.ts';

/** Who is calling: set by the session check on every signed-in contract's request. */
export interface Caller {
  sessionId: string;
  userId: string;
  partnerId: string;
  roles: Role[];
  employee: boolean;
  /** The agent acting for the user, if any: their writes are audited under this id. */
  agentId: string | undefined;
  /** When the session ends (60 minutes after sign-in) unless it is revoked first. */
  expiresAt: Date;
  /**
   * A widget session's panels (every panel when its token named none); undefined for a user
   * session. The features the panels withhold leave its access profile, and the routes of an
   * area that needs one of them answer 404 (`AreaOptions.feature`).
   */
  panels?: readonly WidgetPanel[];
}

/** Whose data a call reads: the signed-in caller's user, within the caller's partner. */
export type Owner = Pick<Caller, 'userId' | 'partnerId'>;

/** The session steps of signed-in routes; the accounts area owns sessions and provides them. */
interface SignedInSteps {
  /** `Authorization: Bearer <token>` of a live session of the api-key's partner → `caller`. */
  authenticate: (request: FastifyRequest) => Promise<void>;
  /**
   * Partner-level routes: a bearer that is one of the partner's server secrets (its back end;
   * no `caller`), else a session as `authenticate` (whose role the access check then checks).
   */
  authenticatePartner: (request: FastifyRequest) => Promise<void>;
  /**
   * Writes to the audit log a write made through a session an agent opened for a customer,
   * or, on a partner-level route, through a staff member's own session.
   */
  recordAgentWrite: (
    request: FastifyRequest,
    route: string,
    statusCode: number,
    partnerLevel: boolean,
  ) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in caller; set on every route whose contract is not `apiKey` only, except a
     * partner-level one its back end calls with a server secret (then null).
     */
    caller: Caller;
  }
  interface FastifyInstance {
    /** The partners area: `api-key` → `request.partner`, the first step of every API route. */
    identifyPartner: (request: FastifyRequest) => Promise<void>;
    /** The accounts area's session steps (see `SignedInSteps`). */
    signedIn: SignedInSteps;
    /**
     * The accounts area's step of a call with an abuse class (`ContractDef.limit`): one more in
     * the class's window of its caller, 429 RATE_LIMITED with Retry-After past it.
     */
    limitAbuse: (
      request: FastifyRequest,
      contract: { limit: AbuseClass; access: Access },
    ) => Promise<void>;
  }
}

type ParsedFastifyRequest<C extends ContractDef> = FastifyRequest<{
  Params: ParsedRequestOf<C>['params'];
  Querystring: ParsedRequestOf<C>['query'];
  Body: ParsedRequestOf<C>['body'];
}>;

/**
 * A handler sees its contract's parsed params, query and body, and returns the success body.
 * On a partner-level route the caller is null when the partner's back end calls; a signed
 * link's has none (its query is the credential); an upload's has the file (`upload`), as a
 * raw upload's has the body's bytes.
 */
type CallerOf<C extends ContractDef, R> = C['access'] extends 'partner'
  ? Omit<R, 'caller'> & { caller: Caller | null }
  : C['access'] extends 'signedLink'
    ? Omit<R, 'caller'>
    : R;
type ContractRequest<C extends ContractDef> = CallerOf<C, ParsedFastifyRequest<C>> &
  (C extends { upload: string } ? { upload: Upload } : unknown) &
  (C extends { rawUpload: string } ? { upload: RawUpload } : unknown);
type ContractHandler<C extends ContractDef> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => C extends { stream: true }
  ? Promise<void> // writes the stream itself (reply.hijack)
  : C extends { redirect: true }
    ? { location: string } | Promise<{ location: string }> // answered as a 302 with Location
    : ReplyOf<C> | Promise<ReplyOf<C>>;

/**
 * A handler, or a handler with what the contract does not carry: route options, and a step
 * of this route only (a limit per address), run before validation so refused calls cost
 * nothing more.
 */
type RouteEntry<C extends ContractDef> =
  | ContractHandler<C>
  | {
      handler: ContractHandler<C>;
      config?: FastifyContextConfig;
      onRequest?: onRequestAsyncHookHandler;
    };

/** One entry per contract of an area: a contract without a handler does not compile. */
export type Handlers<Cs extends Record<string, Contract>> = { [K in keyof Cs]: RouteEntry<Cs[K]> };

export interface AreaOptions {
  /**
   * A configuration gate for the whole area: a partner it refuses gets 404 ROUTE_NOT_FOUND
   * on every route of the area, as for a route the API does not have.
   */
  gate?: AreaGate;
  /**
   * Routes the area shares with another area's partners, each with its own gate (the one
   * items purchase, which insures flights or businesses): by contract name.
   */
  shared?: Record<string, AreaGate>;
  /**
   * The access feature the area's signed-in routes need in a widget session: a session whose
   * panels withhold it gets 404 ROUTE_NOT_FOUND, as from the area gate (issue 30: a panel the
   * user may not see has its API calls answer 404). Only an area whose every route serves
   * that feature's panel says so; a user session has every feature its roles give.
   */
  feature?: Feature;
}

export interface AreaGate {
  offered: (request: FastifyRequest) => boolean;
  /** Who has the area, for the API documentation ("Partners with …"). */
  description: string;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the API documentation says of a route beyond the contract's own description. */
function describe(
  contract: ContractDef,
  gate: AreaOptions['gate'],
  feature: Feature | undefined,
): string | undefined {
  const notes = [
    contract.description,
    contract.access === 'staff' &&
      'AGENT or ADMIN in their own session (not one acting for a customer); others get 401 REQUIRES_ELEVATED_ROLE.',
    contract.access === 'staff' &&
      contract.adminOnly &&
      'Among staff an ADMIN only: an AGENT gets 403 PARTNER_ONLY.',
    contract.access === 'partner' &&
      !contract.adminOnly &&
      "The partner's back end (bearer: one of its server secrets) or its staff (an AGENT or ADMIN session, also one acting for a customer); a customer's own session gets 403 PARTNER_ONLY.",
    contract.access === 'partner' &&
      contract.adminOnly &&
      "The partner's back end (bearer: one of its server secrets) or an ADMIN in their own session; an AGENT, a session acting for a customer and a customer's own session get 403 PARTNER_ONLY.",
    gate &&
      `${gate.description}; other partners get 404 ROUTE_NOT_FOUND, as for a route the API does not have.`,
    contract.limit &&
      `Counted in the ${contract.limit} abuse class: past the caller's hourly allowance of the class (the user's, else the partner back end's, else the client address's), 429 RATE_LIMITED with Retry-After.`,
    feature &&
      contract.access !== 'apiKey' &&
      contract.access !== 'signedLink' &&
      `A widget session whose panels leave out ${feature} gets 404 ROUTE_NOT_FOUND.`,
  ].filter(Boolean);
  return notes.length > 0 ? notes.join(' ') : undefined;
}

/**
 * What any route can answer beside its contract's own: 429 from the capacity limit of every
 * API call (app.ts), whether or not the contract has limits of its own, and 500 when it fails
 * on our side (plugins/errors.ts).
 */
export const EVERY_ROUTE_ERRORS = [
  errorCatalogue.RATE_LIMITED.status,
  errorCatalogue.INTERNAL_ERROR.status,
] as const;

/** `{ 200: x, ...errorResponses([400, 401]) }`: each failed answer in the catalogue's shape. */
const errorResponses = (statuses: readonly ErrorStatus[]) =>
  Object.fromEntries(
    [...new Set([...statuses, ...EVERY_ROUTE_ERRORS])].map((status) => [status, apiErrorSchema]),
  );

/**
 * OpenAPI security of a route: every call sends the api-key, signed-in ones a bearer too; a
 * signed link neither, its signature in the query instead (`signedLink` in openapi.ts).
 */
const securityOf = (contract: ContractDef) =>
  contract.access === 'signedLink'
    ? [{ signedLink: [] }]
    : contract.access === 'apiKey'
      ? [{ apiKey: [] }]
      : [{ apiKey: [], bearer: [] }];

/** A contract's credential parameters are in its path or its query: a name in neither is a slip. */
function checkCredentialParams(contract: ContractDef) {
  const inPath = new Set(pathParams(contract.path));
  const inQuery = new Set(Object.keys(contract.query?.shape ?? {}));
  for (const name of contract.credentialParams ?? [])
    if (!inPath.has(name) && !inQuery.has(name))
      throw new Error(
        `${contract.path}: credential parameter ${name} is in neither path nor query`,
      );
}

/** The contract's path below the API root, its `{name}` parameters in Fastify's `:name`. */
export const routeUrl = (contract: ContractDef) =>
  API_ROOT + fillPath(contract.path, (name) => `:${name}`);

const valueAt = (request: FastifyRequest, locator: Locator): unknown => {
  const [part, field] = locator.split('.') as ['params' | 'query' | 'body', string];
  return (request[part] as Record<string, unknown> | undefined)?.[field];
};

/**
 * The access and ownership rules of a contract, checked after validation and before the
 * handler. Refusals of ids look like absence (404), so ids cannot be probed.
 */
function accessChecks(contract: ContractDef): preHandlerAsyncHookHandler[] {
  const { owner } = contract;
  const checks: ((request: FastifyRequest) => void)[] = [];
  if (contract.access === 'staff')
    // An agent's own session only: not one acting for a customer.
    checks.push(({ caller }) => {
      if (caller.agentId || !isElevated(caller.roles))
        throw new AppError('REQUIRES_ELEVATED_ROLE', { message: 'Only agents may do this' });
    });
  if (contract.access === 'partner')
    // No caller: the partner's back end, which its server secret proved. A session acting for
    // a customer was opened by an agent.
    checks.push(({ caller }) => {
      if (caller && !caller.agentId && !isElevated(caller.roles))
        throw new AppError('PARTNER_ONLY', {
          message: "Only the partner's back end or its staff may do this",
        });
    });
  if (contract.adminOnly) {
    // Among staff, an ADMIN in their own session only: what an agent may do for a customer
    // stops short of the partner's own settings, invitations and staff.
    const message =
      contract.access === 'staff'
        ? 'ADMIN only among staff'
        : "Only an ADMIN or the partner's back end may do this";
    checks.push(({ caller }) => {
      if (caller && !isOwnAdmin(caller.roles, caller.agentId))
        throw new AppError('PARTNER_ONLY', { message });
    });
  }
  if (owner?.user) {
    const { user, orActingAgent } = owner;
    checks.push((request) => {
      const id = valueAt(request, user);
      if (id !== request.caller.userId && !(orActingAgent && id === request.caller.agentId))
        throw new AppError('USER_NOT_FOUND', { message: `No user ${String(id)}` });
    });
  }
  if (owner?.holderOnly)
    // An agent acting for a customer must not be able to lock them out or take the account
    // over. 403, not 401: the agent's session stays open.
    checks.push(({ caller }) => {
      if (caller.agentId)
        throw new AppError('ACCOUNT_HOLDER_ONLY', {
          message: 'Only the account holder may do this',
        });
    });
  if (owner?.partner) {
    const { partner } = owner;
    checks.push((request) => {
      const id = valueAt(request, partner);
      // Left out where it is optional (`?partnerId`), the api-key's partner is meant.
      if (id !== undefined && id !== request.partner.id)
        throw new AppError('PARTNER_NOT_FOUND', { message: `No partner ${JSON.stringify(id)}` });
    });
  }
  if (checks.length === 0) return [];
  return [
    async (request) => {
      for (const check of checks) check(request);
    },
  ];
}

/**
 * The step after the session of an area that needs `feature` (`AreaOptions.feature`): a widget
 * session whose panels withhold it is answered as the area gate answers, before its request is
 * read any further.
 */
const featureStep =
  (feature: Feature): onRequestAsyncHookHandler =>
  async (request) => {
    const { panels } = request.caller ?? {};
    if (panels && withheldFeatures(panels).has(feature))
      throw new AppError('ROUTE_NOT_FOUND', {
        message: `No route ${request.method} ${request.url.split('?')[0]}`,
      });
  };

/**
 * Registers an area's routes from its contracts: method, path, schemas, statuses and OpenAPI
 * come from the contract; the steps before the handler from its access and ownership rules:
 * api-key → area gate → session → abuse class's limit → (validation) → access and ownership →
 * handler. A handler
 * returns the success body; the contract's success status is set for it (and, for a file
 * contract, its media type: the handler returns the bytes).
 */
export function registerContracts<Cs extends Record<string, Contract>>(
  app: FastifyInstance,
  contracts: Cs,
  handlers: Handlers<Cs>,
  options: AreaOptions = {},
): void {
  const hookOf = (gate: AreaGate | undefined): onRequestAsyncHookHandler | undefined =>
    gate
      ? async (request) => {
          if (!gate.offered(request))
            throw new AppError('ROUTE_NOT_FOUND', {
              message: `No route ${request.method} ${request.url.split('?')[0]}`,
            });
        }
      : undefined;

  // The session and abuse-limit steps are the accounts area's, read per request: a module
  // registered before it (partners, for its webhooks) may have signed-in or limited routes, so
  // long as accounts comes too.
  const needingAccounts = Object.values(contracts).find(
    (contract) =>
      (contract.access !== 'apiKey' && contract.access !== 'signedLink') || contract.limit,
  );
  if (needingAccounts)
    app.addHook('onReady', async () => {
      if (!app.hasDecorator('signedIn') || !app.hasDecorator('limitAbuse'))
        throw new Error(`${needingAccounts.id} needs the accounts module (sessions, limits)`);
    });

  for (const [name, contract] of Object.entries(contracts)) {
    const gate = options.shared?.[name] ?? options.gate;
    const gateHook = hookOf(gate);
    const entry = handlers[name as keyof Cs] as unknown as RouteEntry<ContractDef>;
    const {
      handler,
      config,
      onRequest: ownStep,
    } = typeof entry === 'function' ? { handler: entry, onRequest: undefined } : entry;
    checkCredentialParams(contract);
    const signedLink = contract.access === 'signedLink';
    const signedIn = contract.access !== 'apiKey' && !signedLink;

    // A signed link is followed by a browser (an image, a 302), which sends no api-key: the
    // handler checks the link's signature instead.
    const onRequest: onRequestAsyncHookHandler[] = signedLink
      ? []
      : [(request) => app.identifyPartner(request)];
    if (gateHook && !signedLink) onRequest.push(gateHook);
    if (contract.access === 'partner')
      onRequest.push((request) => app.signedIn.authenticatePartner(request));
    else if (signedIn) onRequest.push((request) => app.signedIn.authenticate(request));
    if (signedIn && options.feature) onRequest.push(featureStep(options.feature));
    // Before the request is read: a caller past the class's allowance costs no more. Before
    // the route's own step (a limit per minute), whose Retry-After would be the shorter.
    const { limit } = contract;
    if (limit)
      onRequest.push((request) => app.limitAbuse(request, { limit, access: contract.access }));
    if (ownStep) onRequest.push(ownStep);

    const onSend: onSendAsyncHookHandler[] = [];
    if (signedIn && WRITES.has(contract.method)) {
      const route = routeName(contract);
      const partnerLevel = contract.access === 'partner';
      // onSend rather than onResponse: the entry is written before the answer leaves, so no
      // client ever sees an agent's write succeed without its audit record.
      onSend.push(async (request, reply, payload) => {
        await app.signedIn.recordAgentWrite(request, route, reply.statusCode, partnerLevel);
        return payload;
      });
    }

    const status = successStatus(contract);
    const description = describe(contract, gate, options.feature);
    // Absent schema parts are left out, not set to undefined (the type provider needs that).
    const schema = {
      tags: [contract.area],
      operationId: contract.id,
      summary: contract.summary,
      ...(description ? { description } : {}),
      security: securityOf(contract),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: {
        // A file answer is documented under its media type; its bytes skip the serializer.
        [status]: contract.file
          ? { content: { [contract.file]: { schema: contract.responses[status] } } }
          : contract.responses[status],
        ...errorResponses(contract.errors),
      },
    };
    const { upload, rawUpload, redirect } = contract;
    const routeConfig = {
      ...config,
      ...(contract.credentialParams ? { credentialParams: contract.credentialParams } : {}),
      ...(upload ? { upload } : {}),
      ...(rawUpload ? { rawUpload } : {}),
      ...(redirect ? { redirect } : {}),
    };
    const route = {
      method: contract.method,
      url: routeUrl(contract),
      schema,
      ...(Object.keys(routeConfig).length > 0 ? { config: routeConfig } : {}),
      onRequest,
      preHandler: accessChecks(contract),
      onSend,
      handler: async (request, reply) => {
        // After the access checks: a caller who may not upload has nothing of the body read.
        if (upload)
          (request as FastifyRequest & { upload: Upload }).upload = await readUpload(
            request,
            upload,
          );
        if (rawUpload)
          (request as FastifyRequest & { upload: RawUpload }).upload = readRawUpload(
            request,
            rawUpload,
          );
        void reply.code(status);
        if (contract.file) void reply.type(contract.file);
        const answer = await handler(request as never, reply);
        if (redirect) return reply.redirect((answer as { location: string }).location, 302);
        return answer;
      },
    } satisfies RouteOptions;
    if (rawUpload)
      // In a scope of its own, where the body is never parsed (see acceptRawBodies).
      void app.register(async (scope) => {
        acceptRawBodies(scope);
        scope.route(route);
      });
    else app.route(route);
  }
}
