import { sql } from 'drizzle-orm';
import {
  API_ROOT,
  allContracts,
  offersArea,
  partnerConfigSchema,
  pathParams,
  urlFor,
  type Contract,
  type Locator,
} from '@tern/domain';
import { users } from '../src/modules/accounts/tables.ts';
import { partnersRepo } from '../src/modules/partners/repo.ts';
import { sha256 } from '../src/lib/secrets.ts';
import { keysFor } from '../src/lib/encryption-for.ts';
import { demoEmail, demoPartners, type DemoPartner } from '../src/seed/demo-world.ts';
import { DEMO_IDS } from '../src/seed/demo-data.ts';
import type { TestContext } from './app.ts';
import { multipartBody } from './multipart.ts';
import { photo } from './photos.ts';
import { queryRows } from './rows.ts';
import { asTextRecord, fieldNames, validSample, type Known } from './samples.ts';

/**
 * The callers of the access tests (issue 31): for a route's home partner (the first demo partner
 * whose configuration offers the route's area), its customer (USER, "user one", whose ids every
 * request names), a second customer, its AGENT and ADMIN, an agent acting for user one, its back
 * end (server secret), its api-key alone, nobody; and a twin partner (the same configuration,
 * so its calls pass the area gates) with its own customer and server secret, each with the
 * twin's key and with the home key.
 */
export const CALLER_KINDS = [
  'anonymous',
  'keyOnly',
  'user',
  'secondUser',
  'otherUser',
  'otherUserHomeKey',
  'otherSecret',
  'otherSecretHomeKey',
  'agent',
  'admin',
  'actingAgent',
  'secret',
] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

export interface World {
  home: DemoPartner;
  twinId: string;
  userId: string;
  secondUserId: string;
  otherUserId: string;
  /** A second AGENT of the home partner: the one the ADMIN's staff calls disable. */
  spareAgentId: string;
  agentId: string;
  adminId: string;
  /** Fresh headers of each caller (sessions opened now). */
  headers: () => Promise<Record<CallerKind, Record<string, string>>>;
  /** An ADMIN of the twin partner, in their own session with the twin's key. */
  otherAdmin: () => Promise<Record<string, string>>;
}

/** The demo partner a contract's calls are made through: the first that offers its area. */
export function homePartnerOf(contract: Contract): DemoPartner {
  const home = demoPartners.find((p) =>
    offersArea(partnerConfigSchema.parse(p.config), contract.area as never),
  );
  if (!home) throw new Error(`${contract.id}: no demo partner offers ${contract.area}`);
  return home;
}

const TWIN_KEY = (id: string) => `tern_pk_${id}_twin`;
const TWIN_SECRET = (id: string) => `tern_sk_${id}_twin`;

async function userIdOf(t: TestContext, partnerId: string, email: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from users where partner_id = ${partnerId} and email_address = ${email}`,
  );
  if (!row) throw new Error(`No user ${email}`);
  return row.id;
}

/** A copy of a user (their terms accepted as theirs are), as another person, perhaps elsewhere. */
async function copyUser(t: TestContext, fromId: string, partnerId: string, email: string) {
  const [from] = await t.database.db
    .select()
    .from(users)
    .where(sql`${users.id} = ${fromId}`);
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    ...rest
  } = from as typeof from & {
    createdAt?: unknown;
    updatedAt?: unknown;
  };
  const [row] = await t.database.db
    .insert(users)
    .values({ ...rest, partnerId, emailAddress: email, externalId: null })
    .returning({ id: users.id });
  return row!.id;
}

/** Builds a home partner's world: its twin partner and the extra customers. */
export async function worldOf(t: TestContext, home: DemoPartner): Promise<World> {
  const { db } = t.database;
  const twinId = `${home.id}-twin`;
  const repo = partnersRepo(db);
  const [partner] = await queryRows<{
    name: string;
    cms_bundle: string;
    branding: never;
    config: never;
  }>(db, sql`select name, cms_bundle, branding, config from partners where id = ${home.id}`);
  await repo.upsert({
    id: twinId,
    name: `${partner!.name} twin`,
    origins: [`http://${twinId}.localhost`],
    cmsBundle: partner!.cms_bundle,
    branding: partner!.branding,
    config: partner!.config,
  });
  await repo.addApiKeyIfMissing(twinId, TWIN_KEY(home.id), 'access tests');
  const { encryption } = keysFor(t.app.platform.config);
  await repo.addSecretIfMissing({
    partnerId: twinId,
    kid: `${twinId}-kid`,
    secretHash: sha256(TWIN_SECRET(home.id)),
    secretCiphertext: encryption.encrypt(TWIN_SECRET(home.id)),
    label: 'access tests',
  });
  const userId = await userIdOf(t, home.id, demoEmail(home.id));
  const agentId = await userIdOf(t, home.id, demoEmail(home.id, 'agent'));
  const adminId = await userIdOf(t, home.id, demoEmail(home.id, 'admin'));
  const secondUserId = await copyUser(t, userId, home.id, demoEmail(home.id, 'second'));
  const otherUserId = await copyUser(t, userId, twinId, demoEmail(twinId));
  const spareAgentId = await copyUser(t, agentId, home.id, demoEmail(home.id, 'spare-agent'));
  const otherAdminId = await copyUser(t, adminId, twinId, demoEmail(twinId, 'admin'));

  const key = { 'api-key': home.apiKey };
  const twinKey = { 'api-key': TWIN_KEY(home.id) };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const open = async (who: string, partnerId = home.id, agent?: string) =>
    (
      await t.app.sessions.open({
        userId: who,
        partnerId,
        ...(agent ? { agentId: agent } : {}),
      })
    ).token;
  return {
    home,
    twinId,
    userId,
    secondUserId,
    otherUserId,
    spareAgentId,
    agentId,
    adminId,
    otherAdmin: async () => ({ ...twinKey, ...bearer(await open(otherAdminId, twinId)) }),
    headers: async () => {
      const other = await open(otherUserId, twinId);
      return {
        anonymous: {},
        keyOnly: key,
        user: { ...key, ...bearer(await open(userId)) },
        secondUser: { ...key, ...bearer(await open(secondUserId)) },
        otherUser: { ...twinKey, ...bearer(other) },
        otherUserHomeKey: { ...key, ...bearer(other) },
        otherSecret: { ...twinKey, ...bearer(TWIN_SECRET(home.id)) },
        otherSecretHomeKey: { ...key, ...bearer(TWIN_SECRET(home.id)) },
        agent: { ...key, ...bearer(await open(agentId)) },
        admin: { ...key, ...bearer(await open(adminId)) },
        actingAgent: { ...key, ...bearer(await open(userId, home.id, agentId)) },
        secret: { ...key, ...bearer(home.serverSecret) },
      };
    },
  };
}

// ── User one's ids, by parameter name ───────────────────────────────────────────────────────

/** The field a locator names: `params.id` → `id`. */
export const fieldOf = (locator: Locator | undefined) => locator?.split('.')[1];

const first = async (t: TestContext, query: ReturnType<typeof sql>) => {
  try {
    const [row] = await queryRows<{ id: string }>(t.database.db, query);
    return row?.id === undefined || row.id === null ? undefined : String(row.id);
  } catch {
    return undefined;
  }
};

/**
 * How to find user one's value of a request field: by `area:name`, else by `name`. Each answers
 * undefined when the demo world has none (the id is then a well-formed one nobody has, and the
 * object-level test says so). A new route with an id of a new name gets its line here.
 */
const HARVEST: Record<string, (t: TestContext, w: World) => Promise<string | undefined>> = {
  partnerId: async (_t, w) => w.home.id,
  'travel:passengerId': (t, w) =>
    first(t, sql`select id from passengers where user_id = ${w.userId} and not account_holder`),
  'travel:tripId': (t, w) =>
    first(t, sql`select id from trips where user_id = ${w.userId} order by created_at desc`),
  'travel:flightId': (t, w) =>
    first(
      t,
      sql`select f.id from flights f join trips tr on tr.id = f.trip_id where tr.user_id = ${w.userId} order by tr.created_at desc`,
    ),
  'resolutions:tripId': (t, w) => HARVEST['travel:tripId']!(t, w),
  'resolutions:flightId': (t, w) => HARVEST['travel:flightId']!(t, w),
  'resolutions:bagId': (t, w) => HARVEST['luggage:bagId']!(t, w),
  'resolutions:resolutionId': (t, w) =>
    first(t, sql`select id from resolutions where user_id = ${w.userId}`),
  'resolutions:passId': (t, w) =>
    first(
      t,
      sql`select p.id from lounge_passes p join resolutions r on r.id = p.resolution_id where r.user_id = ${w.userId}`,
    ),
  'payouts:id': (t, w) => first(t, sql`select id from payout_methods where user_id = ${w.userId}`),
  'payouts:paymentId': (t, w) => first(t, sql`select id from payments where user_id = ${w.userId}`),
  'claims:itemId': (t, w) =>
    first(t, sql`select id from insured_items where user_id = ${w.userId}`),
  'claims:alertId': (t, w) =>
    first(
      t,
      sql`select a.id from item_alerts a join insured_items i on i.id = a.item_id where i.user_id = ${w.userId}`,
    ),
  'claims:datasetId': async () => DEMO_IDS.cafePredictionDataset,
  'claims:consentId': (t, w) =>
    first(t, sql`select id from banking_consents where user_id = ${w.userId}`),
  'monitoring:id': (t, w) =>
    first(t, sql`select id from monitored_items where user_id = ${w.userId}`),
  'monitoring:alertId': (t, w) =>
    first(t, sql`select id from monitoring_alerts where user_id = ${w.userId}`),
  'resolutions:monitorId': (t, w) => HARVEST['monitoring:id']!(t, w),
  'resolutions:itemId': (t, w) => HARVEST['claims:itemId']!(t, w),
  'luggage:bagId': (t, w) => first(t, sql`select id from lost_bags where user_id = ${w.userId}`),
  'luggage:attachmentId': (t, w) =>
    first(
      t,
      sql`select a.id from lost_bag_attachments a join lost_bags b on b.id = a.bag_id where b.user_id = ${w.userId}`,
    ),
  userId: async (_t, w) => w.userId,
  'accounts.updateStaff:userId': async (_t, w) => w.spareAgentId,
  'accounts:linkId': (t, w) =>
    first(t, sql`select id from link_invitations where partner_id = ${w.home.id}`),
  'partners:endpointId': (t, w) =>
    first(t, sql`select id from webhook_endpoints where partner_id = ${w.home.id}`),
  'partners:deliveryId': (t, w) =>
    first(
      t,
      sql`select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where e.partner_id = ${w.home.id}`,
    ),
  policyNumber: (t, w) =>
    first(t, sql`select external_policy_number as id from policies where user_id = ${w.userId}`),
  'policies.attach:policyNumber': (t, w) => HARVEST.policyNumber!(t, w),
  payoutMethodId: (t, w) => HARVEST['payouts:id']!(t, w),
  replacesPaymentId: (t, w) => HARVEST['payouts:paymentId']!(t, w),
  delegatedPassengerId: (t, w) => HARVEST['travel:passengerId']!(t, w),
  // A bag is reported on a flight already flown, between its departure and now.
  'luggage:tripId': (t, w) =>
    first(
      t,
      sql`select f.trip_id as id from flights f join trips tr on tr.id = f.trip_id where tr.user_id = ${w.userId} and f.departure_utc < ${t.clock.now().toISOString()} order by f.departure_utc desc`,
    ),
  'luggage:flightId': (t, w) =>
    first(
      t,
      sql`select f.id from flights f join trips tr on tr.id = f.trip_id where tr.user_id = ${w.userId} and f.departure_utc < ${t.clock.now().toISOString()} order by f.departure_utc desc`,
    ),
  // Local to the airport: half a day ago is in the past in every time zone.
  'luggage:reportedOnLocal': async (t) =>
    new Date(t.clock.now().getTime() - 12 * 3_600_000).toISOString().slice(0, 16),
  'policies:policyNumber': (t, w) =>
    first(
      t,
      sql`select external_policy_number as id from policies where partner_id = ${w.home.id} and user_id is null`,
    ),
  documentId: (t, w) => first(t, sql`select id from documents where user_id = ${w.userId}`),
};

/** How HARVEST finds a contract's field: by contract, by area, by name. */
const harvests = (contract: Contract, name: string) =>
  HARVEST[`${contract.id}:${name}`] ?? HARVEST[`${contract.area}:${name}`] ?? HARVEST[name];

/** User one's value of each field of a contract's request, where the demo world has one. */
export async function knownFor(
  t: TestContext,
  w: World,
  contract: Contract,
): Promise<Map<string, string>> {
  const known = new Map<string, string>();
  const owner = contract.owner ?? {};
  const names = new Set<string>([
    ...pathParams(contract.path),
    ...fieldNames(contract.query),
    ...fieldNames(contract.body),
  ]);
  for (const name of names) {
    if (name === fieldOf(owner.user)) known.set(name, w.userId);
    else if (name === fieldOf(owner.partner)) known.set(name, w.home.id);
    else {
      const value = await harvests(contract, name)?.(t, w);
      if (value !== undefined) known.set(name, value);
    }
  }
  return known;
}

// ── Requests ────────────────────────────────────────────────────────────────────────────────

export interface RouteRequest {
  contract: Contract;
  /** A credential parameter (`credentialParams`) the demo world has no real value of. */
  fabricatedCredential: boolean;
  params: Record<string, string>;
  query: Record<string, string> | undefined;
  body: unknown;
  /** What could not be sampled: the route is then called with what could. */
  unsampled: string[];
}

/** A valid request of a contract, naming user one's ids where known. */
export function requestFor(contract: Contract, known: Map<string, string>): RouteRequest {
  const lookup: Known = (name) => known.get(name);
  const unsampled: string[] = [];
  const part = (name: 'params' | 'query' | 'body') => {
    const schema = contract[name];
    if (!schema) return undefined;
    const value = validSample(schema, lookup);
    if (value === undefined) unsampled.push(name);
    return value;
  };
  const params = asTextRecord(part('params'));
  const query = contract.query ? asTextRecord(part('query')) : undefined;
  const fabricatedCredential = (contract.credentialParams ?? []).some((name) => !known.has(name));
  return { contract, fabricatedCredential, params, query, body: part('body'), unsampled };
}

let png: Buffer | undefined;

/** Sends a request as a caller; a stream's answer is read only as far as its status. */
export async function send(
  t: TestContext,
  request: RouteRequest,
  headers: Record<string, string>,
  extraBody?: Record<string, unknown>,
) {
  const { contract } = request;
  const url = urlFor(API_ROOT, contract, request.params, request.query);
  let payload: string | Buffer | undefined;
  let contentHeaders: Record<string, string> = {};
  if (contract.upload) {
    png ??= await photo(8, 8).png().toBuffer();
    const form = multipartBody([
      { name: 'file', filename: 'photo.png', type: 'image/png', data: png },
    ]);
    payload = form.payload;
    contentHeaders = form.headers;
  } else if (contract.rawUpload) {
    png ??= await photo(8, 8).png().toBuffer();
    payload = png;
    contentHeaders = { 'content-type': 'image/png' };
  } else if (request.body !== undefined || extraBody) {
    payload = JSON.stringify({ ...(request.body as object), ...extraBody });
    contentHeaders = { 'content-type': 'application/json' };
  }
  const options = {
    method: contract.method,
    url,
    headers: { ...headers, ...contentHeaders },
    ...(payload !== undefined ? { payload } : {}),
  };
  if (!contract.stream) {
    const res = await t.app.inject(options);
    return { status: res.statusCode, body: res.body };
  }
  // An event stream stays open: its status and, for a refusal, its error body.
  const res = await t.app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  if (res.statusCode === 200) {
    stream.destroy();
    return { status: 200, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { status: res.statusCode, body: Buffer.concat(chunks).toString() };
}

/** The catalogue code of an error answer, if it is one. */
export function codeOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}

/** Every contract with its home partner, grouped by partner (one world each). */
export const contractsByHome = () => {
  const groups = new Map<DemoPartner, Contract[]>();
  for (const contract of allContracts) {
    const home = homePartnerOf(contract);
    groups.set(home, [...(groups.get(home) ?? []), contract]);
  }
  return groups;
};
