import type { z } from 'zod';
import type { DocumentUse } from './documents/uses.ts';
import type { ErrorCode, errorCatalogue } from './errors.ts';

/**
 * The contract of an endpoint: everything both sides must agree on, written once. The API
 * registers its route from it (`apps/api/src/plugins/contracts.ts`), the portal calls it
 * through it (`apps/web/src/core/api`), test fakes answer by it and OpenAPI is generated
 * from it. This file holds only types and zod-free helpers, so the portal's first download
 * can use them without zod.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The statuses the error catalogue answers with: a contract lists those it can answer. */
export type ErrorStatus = (typeof errorCatalogue)[ErrorCode]['status'];
export type SuccessStatus = 200 | 201 | 202 | 302;

/**
 * Who may call (spec 1 §6). Every call needs the partner's `api-key` (401 API_KEY_INVALID);
 * `signedIn` also a live session of that partner (401 UNAUTHORISED); `staff` a session of an
 * AGENT or ADMIN (401 REQUIRES_ELEVATED_ROLE); `partner` the partner's own back end (bearer:
 * one of its server secrets) or its staff (an AGENT or ADMIN session, also one acting for a
 * customer), never a customer's own session (403 PARTNER_ONLY). `signedLink` alone needs
 * neither api-key nor session: a link the API signed and handed to a signed-in caller (a
 * download a browser follows from a 302, which can send no header) carries its own credential
 * in its query, which the area's handler checks (the params it names in `credentialParams`).
 */
export type Access = 'apiKey' | 'signedIn' | 'staff' | 'partner' | 'signedLink';

/**
 * What a call can be abused for when it comes in a burst (issue 31): it sends a message (an
 * email, an SMS, an invitation, a webhook), creates an account, moves money, or takes a file.
 * The calls of a class share one allowance per caller; past it they answer 429 RATE_LIMITED
 * with Retry-After. The API keeps the limits of each class in one place and counts them in the
 * database, so every instance counts into one window.
 */
export const ABUSE_CLASSES = ['message', 'account', 'money', 'upload'] as const;
export type AbuseClass = (typeof ABUSE_CLASSES)[number];

/** A request value by where it travels: `params.id`, `query.userId`, `body.partnerId`. */
export type Locator = `${'params' | 'query' | 'body'}.${string}`;

/**
 * The ownership rule the API applies before the handler runs. Refusals look like absence, so
 * ids cannot be probed: another user's id answers 404 USER_NOT_FOUND, another partner's id
 * 404 PARTNER_NOT_FOUND.
 */
export interface Ownership {
  /** Names the caller's own user id. */
  readonly user?: Locator;
  /** With `user`: the agent acting for the caller may be named too (spec 1 §6). */
  readonly orActingAgent?: boolean;
  /** Names the api-key's own partner. */
  readonly partner?: Locator;
  /**
   * Only the account holder may call: a session an agent opened for them answers 403
   * ACCOUNT_HOLDER_ONLY (their second factor, their sign-in contact points).
   */
  readonly holderOnly?: boolean;
  /**
   * The path names a resource the service looks up among the caller's own (another user's
   * answers the area's 404): documented here, enforced by the service's query.
   */
  readonly resource?: string;
}

export interface ContractDef {
  readonly method: HttpMethod;
  /** Below the API root, exactly as the spec writes it, `{name}` for a path parameter. */
  readonly path: `/${string}`;
  readonly summary: string;
  readonly description?: string;
  readonly access: Access;
  /**
   * Who the call is published for beyond the portal: `partner` puts an `apiKey` call a
   * partner's back end makes (single sign-on, the widget token exchange) in the partner API
   * document and its typed client (`packages/partner-client`), beside every `partner` access
   * call, which is there by its access alone (`isPartnerFacing`).
   */
  readonly audience?: 'partner';
  /**
   * Among staff only an ADMIN in their own session may call; an AGENT, or an ADMIN acting for a
   * customer, gets 403 PARTNER_ONLY. With `access: 'partner'` its back end always may too; with
   * `access: 'staff'` (the admin console) nobody else.
   */
  readonly adminOnly?: true;
  readonly owner?: Ownership;
  /**
   * The call's abuse class: counted in the class's allowance of its caller (the signed-in user,
   * the partner's back end, or, without either, the client address) before its request is
   * read; past it, 429 RATE_LIMITED with Retry-After (the contract lists 429). Every upload is
   * `upload`; `contract-limits.test.ts` names every other write call's class or why it has none.
   */
  readonly limit?: AbuseClass;
  readonly params?: z.ZodObject;
  /**
   * The path or query parameters that are bearer credentials: whoever holds the value may use
   * it (an SSO token, an invitation's link id, a signed link's signature). Declared here once;
   * the API keeps them out of its log (`[Redacted]` in the logged URL).
   */
  readonly credentialParams?: readonly string[];
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** The one success status and its body. */
  readonly responses: { readonly [S in SuccessStatus]?: z.ZodType };
  /**
   * The success answer is a `text/event-stream` that stays open: the body schema is the data
   * of each event (LIVE_EVENTS names them), not one JSON body.
   */
  readonly stream?: true;
  /**
   * The success answer is a file of this media type, not JSON: the body schema stands for its
   * bytes, which the API sends as the handler returns them and the portal reads as a Blob
   * (`api.file`).
   */
  readonly file?: `${string}/${string}`;
  /**
   * The request body is a `multipart/form-data` upload of one file for this document use
   * (`documents/uses.ts`: the types allowed by their bytes, the size limit enforced while it
   * streams, 413 before it is stored): the handler receives it as `request.upload`.
   */
  readonly upload?: DocumentUse;
  /**
   * The request body is one file's bytes as they are, of any Content-Type (the PUT of a signed
   * upload URL: a browser or a partner's back end sends the file itself), for this document
   * use: a declared length past the use's limit answers 413 before a byte is read; the handler
   * receives the bytes unparsed as `request.upload`, and the documents area reads their type
   * and enforces the limit again as they stream.
   */
  readonly rawUpload?: DocumentUse;
  /**
   * The success answer is a 302 to the address the handler returns (`{ location }`), which
   * the portal follows (spec 2 §7: attachment URLs).
   */
  readonly redirect?: true;
  /** Every error status the endpoint can answer, each in the catalogue's error body. */
  readonly errors: readonly ErrorStatus[];
}

/** A contract as an area defines it: its definition plus its area, name and `area.name` id. */
export type Contract<
  Area extends string = string,
  Name extends string = string,
  Def extends ContractDef = ContractDef,
> = Def & { readonly id: `${Area}.${Name}`; readonly area: Area; readonly name: Name };

export type ContractsOf<Area extends string, Defs extends Record<string, ContractDef>> = {
  readonly [N in keyof Defs & string]: Contract<Area, N, Defs[N]>;
};

/** An area's contracts, each told its area and name. */
export function defineContracts<
  const Area extends string,
  const Defs extends Record<string, ContractDef>,
>(area: Area, defs: Defs): ContractsOf<Area, Defs> {
  return Object.fromEntries(
    Object.entries(defs).map(([name, def]) => [
      name,
      { ...def, id: `${area}.${name}`, area, name },
    ]),
  ) as ContractsOf<Area, Defs>;
}

/**
 * A route's head: what sending a call takes (method, path) and its contract's id, without the
 * contract's schemas, so it is zod-free. The portal reads the signed-in user's data at start
 * through heads (the answer is not parsed again: `apps/web/src/lib/api-client.ts` `read`),
 * so the dashboard downloads no zod; the area's contract takes its method and path from here.
 */
export interface RouteHead<Id extends string = string> {
  readonly id: Id;
  readonly method: HttpMethod;
  readonly path: `/${string}`;
}

export type RoutesOf<Area extends string, Defs extends Record<string, Omit<RouteHead, 'id'>>> = {
  readonly [N in keyof Defs & string]: Defs[N] & { readonly id: `${Area}.${N}` };
};

/**
 * An area's route heads, each told its contract's id (`area.name`): the contract of that
 * name spreads its head (`details: { ...accountsRoutes.details, summary, … }`).
 */
export function defineRoutes<
  const Area extends string,
  const Defs extends Record<string, Omit<RouteHead, 'id'>>,
>(area: Area, defs: Defs): RoutesOf<Area, Defs> {
  return Object.fromEntries(
    Object.entries(defs).map(([name, def]) => [name, { ...def, id: `${area}.${name}` }]),
  ) as RoutesOf<Area, Defs>;
}

// ── Types the two sides derive ─────────────────────────────────────────────────────────────
type Part<C, K extends 'params' | 'query' | 'body'> = C extends { readonly [P in K]: infer S }
  ? S extends z.ZodType
    ? S
    : never
  : never;

export type SuccessStatusOf<C extends ContractDef> = keyof C['responses'] & SuccessStatus;
export type ResponseSchemaOf<C extends ContractDef> = NonNullable<
  C['responses'][SuccessStatusOf<C>]
>;
/** What the client receives (after the response schema's parsing). */
export type ResponseOf<C extends ContractDef> = z.output<ResponseSchemaOf<C>>;
/** What a handler returns (before serialisation). */
export type ReplyOf<C extends ContractDef> = z.input<ResponseSchemaOf<C>>;

/** What a caller sends: `{ params, query, body }`, each only where the contract has it. */
export type RequestOf<C extends ContractDef> = ([Part<C, 'params'>] extends [never]
  ? unknown
  : { params: z.input<Part<C, 'params'>> }) &
  ([Part<C, 'query'>] extends [never] ? unknown : { query: z.input<Part<C, 'query'>> }) &
  ([Part<C, 'body'>] extends [never] ? unknown : { body: z.input<Part<C, 'body'>> });

/** The same parts as the server sees them, parsed. */
export type ParsedRequestOf<C extends ContractDef> = {
  params: [Part<C, 'params'>] extends [never] ? unknown : z.output<Part<C, 'params'>>;
  query: [Part<C, 'query'>] extends [never] ? unknown : z.output<Part<C, 'query'>>;
  body: [Part<C, 'body'>] extends [never] ? unknown : z.output<Part<C, 'body'>>;
};

// ── Helpers ────────────────────────────────────────────────────────────────────────────────
/**
 * The calls of the partner API (`/api/docs/partner.json`, `@tern/partner-client`): those only
 * a partner's back end or staff may make, and those marked for partners (`audience`).
 */
export const isPartnerFacing = (contract: ContractDef): boolean =>
  contract.access === 'partner' || contract.audience === 'partner';

export const successStatus = (contract: ContractDef): SuccessStatus =>
  Number(Object.keys(contract.responses)[0]) as SuccessStatus;

export const successSchema = (contract: ContractDef): z.ZodType =>
  contract.responses[successStatus(contract)]!;

const PARAM = /\{([^}]+)\}/g;

/** The names of a path's parameters, in order: `/users/{id}/x/{n}` → `['id', 'n']`. */
export const pathParams = (path: string): string[] => [...path.matchAll(PARAM)].map((m) => m[1]!);

/**
 * The path with each `{name}` replaced: by a value (`pathFor`), by Fastify's `:name`, by a
 * pattern that matches any value.
 */
export const fillPath = (path: string, fill: (name: string) => string): string =>
  path.replace(PARAM, (_, name: string) => fill(name));

/** The path with its parameters filled in, each URL-encoded. */
export function pathFor(
  contract: Pick<ContractDef, 'path'>,
  params: Record<string, unknown> = {},
): string {
  return fillPath(contract.path, (name) => {
    const value = params[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${contract.path}: no value for {${name}}`);
    return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
  });
}

/** The URL of a call below `root` (the API root): its path filled in, its query encoded. */
export function urlFor(
  root: string,
  contract: ContractDef,
  params: Record<string, unknown> = {},
  query?: Record<string, string>,
): string {
  const search = Object.entries(query ?? {})
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${root}${pathFor(contract, params)}${search ? `?${search}` : ''}`;
}

/** `METHOD /path`, as route tables and documentation name an endpoint (below `root`). */
export const routeName = (contract: ContractDef, root = ''): string =>
  `${contract.method} ${root}${contract.path}`;
