import type { Role } from '@tern/domain/constants';
import { accessProfileFor } from '@tern/domain/access';
import type { UserDetails } from '@tern/domain/accounts/schemas';
import { allContracts, type ContractById, type ContractId } from '@tern/domain/areas';
import {
  fillPath,
  pathParams,
  successSchema,
  type Contract,
  type ContractDef,
  type ParsedRequestOf,
  type ReplyOf,
} from '@tern/domain/contract';
import { errorCatalogue, type ErrorCode } from '@tern/domain/errors';
import { API_ROOT, MONITORED_DATA_TYPES, type MonitoredDataType } from '@tern/domain/constants';
import type { MonitoredItem, Subscriptions } from '@tern/domain/monitoring/schemas';
import type { LostBag } from '@tern/domain/luggage/schemas';
import type { PayoutMethod } from '@tern/domain/payouts/schemas';
import type { Flight, Passenger, Trip } from '@tern/domain/travel/schemas';
import { fakeEventStreams, jsonResponse, urlText, type FakeRoute } from './fake-fetch.ts';

/** Ids the fake API uses (valid UUIDs, as the schemas require). */
export const ids = {
  user: '11111111-1111-4111-8111-111111111111',
  agent: '22222222-2222-4222-8222-222222222222',
  customer: '33333333-3333-4333-8333-333333333333',
  passenger: '44444444-4444-4444-8444-444444444444',
  trip: '55555555-5555-4555-8555-555555555555',
  flight: '66666666-6666-4666-8666-666666666666',
  bag: '77777777-7777-4777-8777-777777777777',
  method: '88888888-8888-4888-8888-888888888888',
} as const;

export const userDetails = (overrides: Partial<UserDetails> = {}): UserDetails => {
  const id = overrides.id ?? ids.user;
  return {
    id,
    userId: id,
    partnerId: 'travel',
    emailAddress: 'uma@example.com',
    mobilePhoneNumber: '+14165550123',
    mobileConfirmed: true,
    firstName: 'Uma',
    surname: 'User',
    employee: 0,
    mfaEnabled: false,
    locale: 'en-CA',
    language: 'EN',
    commsSms: true,
    comms: [],
    terms: 'ACCEPTED',
    roles: ['USER'],
    ...overrides,
  };
};

const accessFor = (roles: Role[], agentId?: string) => ({
  accessProfile: accessProfileFor(roles),
  roles,
  accessGroup: { partnerId: 'travel' },
  ...(agentId ? { agentId } : {}),
});

/** A session as login, one-time code, MFA and register answer it. */
export const sessionOf = (userId: string = ids.user, extra: { agentId?: string } = {}) => ({
  id: userId,
  userId,
  token: `token-${userId.slice(0, 4)}${extra.agentId ? '-acting' : ''}`,
  expiresAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
  ...extra,
});

/** A payout method as the API answers it: a Canadian bank account, preferred, masked. */
export const payoutMethod = (overrides: Partial<PayoutMethod> = {}): PayoutMethod => ({
  payoutMethodId: ids.method,
  description: 'Everyday chequing',
  preferred: 1,
  service: 'bank',
  provider: 'manual',
  vendor: 'service-provider',
  type: 'BANK-MANUAL',
  currency: 'CAD',
  extras: {},
  accountNumber: '****4321',
  created: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

/** A passenger as the API answers it: the account holder unless told otherwise. */
export const passengerOf = (overrides: Partial<Passenger> = {}): Passenger => ({
  passengerId: ids.passenger,
  userId: ids.user,
  partnerId: 'travel',
  name: 'Uma',
  surname: 'User',
  mobilePhoneNumber: '+14165550123',
  active: 1,
  accountHolder: 1,
  created: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

/** A watched flight as the API answers it: AC856 Toronto → Regina, scheduled. */
export const flightOf = (overrides: Partial<Flight> = {}): Flight => ({
  flightId: ids.flight,
  tripId: ids.trip,
  flightNumber: 'AC856',
  embarkDate: '2026-12-01',
  embarkTime: '08:05',
  origin: 'YYZ',
  originAirport: 'Lester B. Pearson International Airport',
  destination: 'YQR',
  destinationAirport: 'Regina International Airport',
  arrivalDate: '2026-12-01',
  arrivalTime: '10:05',
  terminal: '1',
  direction: 'outbound',
  flightType: 'main',
  totalPassengers: 296,
  cancelled: 0,
  active: 1,
  departed: 0,
  alerted: 0,
  notified: 0,
  isMonitored: 1,
  ...overrides,
});

/** A single trip of one flight for the account holder. */
export const tripOf = (overrides: Partial<Trip> = {}): Trip => ({
  tripId: ids.trip,
  type: 'single',
  bookingRef: 'ABC123',
  policyNumber: null,
  flights: [flightOf()],
  passengers: [{ passengerId: ids.passenger, name: 'Uma', surname: 'User' }],
  alerts: [],
  delegated_passenger_id: null,
  created: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

/**
 * A lost bag as the API answers it: reported lost from flight AC856 (Toronto) with its photo,
 * the report's two events as its timeline.
 */
export const bagOf = (overrides: Partial<LostBag> = {}): LostBag => ({
  bagId: ids.bag,
  userId: ids.user,
  partnerId: 'travel',
  tripId: ids.trip,
  flightId: ids.flight,
  flightNumber: 'AC856',
  embarkDate: '2026-12-01',
  status: 'BAG_REPORTED_LOST',
  pir: 'YQRAC12345',
  tagNumber: '0014123456',
  colour: 'BU',
  type: '22',
  reportedOn: '2026-12-01T16:30:00.000Z',
  reportedOnLocal: '2026-12-01 10:30',
  airtag: null,
  image: null,
  attachments: [],
  events: [
    { status: 'REPORTED', at: '2026-12-01T16:30:00.000Z', source: 'customer', station: 'YQR' },
    {
      status: 'BAG_REPORTED_LOST',
      at: '2026-12-01T16:31:00.000Z',
      source: 'customer',
      station: 'YQR',
    },
  ],
  created: '2026-12-01T16:30:00.000Z',
  ...overrides,
});

/** Monitored data as the API answers it: every one of the ten types, with the items given. */
export const subscriptionsWith = (
  items: Partial<Record<MonitoredDataType, MonitoredItem[]>> = {},
): Subscriptions =>
  Object.fromEntries(
    MONITORED_DATA_TYPES.map((type) => [
      type,
      { category: 'CONTACT', maxAllowed: 3, items: items[type] ?? [] },
    ]),
  ) as Subscriptions;

/** The API's failed answer for a catalogue code, with its status (or the one given). */
export const apiError = (
  code: ErrorCode,
  extra: { status?: number; field?: string; message?: string } = {},
): Response =>
  jsonResponse(extra.status ?? errorCatalogue[code].status, {
    code,
    status: extra.status ?? errorCatalogue[code].status,
    message: extra.message ?? code,
    ...(extra.field ? { field: extra.field } : {}),
  });

/** What a handler of the fake API sees: the request parsed by its contract's schemas. */
export type FakeRequest<C extends ContractDef> = ParsedRequestOf<C> & {
  url: URL;
  init: RequestInit;
  /** The bearer token the call sent, if any. */
  token: string | undefined;
  /** An upload's file (`multipart/form-data`, field `file`), as the API receives it. */
  file: File | undefined;
};

/** Answers one contract: its success body (checked against the contract), or a Response. */
type FakeHandler<C extends ContractDef> = (
  request: FakeRequest<C>,
) => ReplyOf<C> | Response | Promise<ReplyOf<C> | Response>;

export type FakeRoutes = { [I in ContractId]?: FakeHandler<ContractById<I>> };

/** What `fetch` answers after following a redirect to `location`: a file at that address. */
const followedRedirect = (location: string): Response => {
  const response = new Response(new Blob(['fake file']), {
    status: 200,
    headers: { 'Content-Type': 'image/jpeg' },
  });
  Object.defineProperty(response, 'url', { value: new URL(location, 'http://portal.test').href });
  return response;
};

const compiled = allContracts.map((contract) => ({
  contract,
  pattern: new RegExp(
    `^${API_ROOT}${fillPath(contract.path.replace(/\/$/, ''), () => '([^/]+)')}/?$`,
  ),
  names: pathParams(contract.path),
}));

/** The contract a request is for, with its raw path parameters. */
export function matchContract(
  url: URL,
  method: string,
): { contract: Contract; params: Record<string, string> } | undefined {
  for (const { contract, pattern, names } of compiled) {
    if (contract.method !== method) continue;
    const match = url.pathname.match(pattern);
    if (match)
      return {
        contract,
        params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)])),
      };
  }
  return undefined;
}

type Parsed = { contract: Contract; request: FakeRequest<ContractDef> } | { invalid: Response };

/** Reads a call as the API would: its contract, and params, query and body by its schemas. */
function parseCall(url: URL, init: RequestInit): Parsed | undefined {
  const found = matchContract(url, init.method ?? 'GET');
  if (!found) return undefined;
  const { contract } = found;
  const parts = {
    params: found.params,
    query: Object.fromEntries(url.searchParams),
    body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  };
  const parsed: Record<string, unknown> = {};
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = contract[part];
    if (!schema) continue;
    const result = schema.safeParse(parts[part]);
    if (!result.success)
      // What the API answers to input its schema refuses: the portal sent something wrong.
      return {
        invalid: jsonResponse(400, {
          code: 'INVALID_PARAMS',
          status: 400,
          message: `fake API: invalid ${part} for ${contract.id}`,
          details: result.error.issues.map((i) => ({
            field: i.path.join('.'),
            message: i.message,
          })),
        }),
      };
    parsed[part] = result.data;
  }
  const authorization = (init.headers as Record<string, string> | undefined)?.Authorization;
  const file = init.body instanceof FormData ? init.body.get('file') : null;
  return {
    contract,
    request: {
      ...(parsed as ParsedRequestOf<ContractDef>),
      url,
      init,
      token: authorization?.replace(/^Bearer /, ''),
      file: file instanceof File ? file : undefined,
    },
  };
}

/**
 * The calls a test's fetch made to one contract, parsed: what the portal sent, by the
 * contract's own schemas.
 */
export function requestsTo<C extends Contract>(
  fetch: { mock: { calls: [RequestInfo | URL, RequestInit?][] } },
  contract: C,
): FakeRequest<C>[] {
  return fetch.mock.calls.flatMap(([input, init = {}]) => {
    const call = parseCall(new URL(urlText(input), 'http://portal.test'), init);
    return call && 'contract' in call && call.contract.id === contract.id ? [call.request] : [];
  });
}

/**
 * A fake API for one signed-in user of the default partner, keyed by contract: the user,
 * their access and every dataset (empty unless overridden). It reads each call as the API
 * does (the contract's schemas; a user id that is not a known user answers 404
 * USER_NOT_FOUND) and checks each answer against the contract, so a fake cannot drift from
 * the API. `overrides` replace or add handlers.
 */
export function fakeApi(
  overrides: FakeRoutes = {},
  { users = { [ids.user]: userDetails() } }: { users?: Record<string, UserDetails> } = {},
): FakeRoute {
  const known = (id: unknown) => {
    const user = typeof id === 'string' ? users[id] : undefined;
    // The fake answers a thrown Response as the API would have answered it.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!user) throw apiError('USER_NOT_FOUND');
    return user;
  };
  const routes: FakeRoutes = {
    'accounts.logout': () => ({ status: 'LOGGED_OUT' }),
    'accounts.checkResetLink': () => ({ status: 'VALID' }),
    'accounts.details': ({ params }) => known(params.id),
    'accounts.access': ({ params }) => accessFor(known(params.id).roles),
    // Open and quiet, as the API's stream is when nothing changes.
    'accounts.events': ({ init }) => fakeEventStreams().respond(init.signal),
    'policies.list': () => [],
    'payouts.methods': () => [],
    'payouts.config': () => ({
      payouts: { supplier: 'manual', providers: ['BANK-MANUAL'], currencies: ['CAD'] },
      country: { iso: 'CA', currency: 'CAD' },
    }),
    'claims.items': () => [],
    'claims.alerts': () => [],
    'travel.passengers': () => [],
    'travel.trips': () => [],
    'luggage.bags': () => [],
    ...overrides,
  };
  return async (url, init) => {
    const call = parseCall(url, init);
    if (!call) return undefined;
    if ('invalid' in call) return call.invalid;
    const { contract, request } = call;
    const handler = routes[contract.id as ContractId];
    if (!handler) return undefined;
    try {
      const owner = contract.owner?.user;
      if (owner) {
        const [part, field] = owner.split('.') as ['params' | 'query' | 'body', string];
        known((request[part] as Record<string, unknown>)[field]);
      }
      const answer = await handler(request);
      if (answer instanceof Response) return answer;
      const checked = successSchema(contract).safeParse(answer);
      if (!checked.success)
        throw new Error(`fake API: the answer for ${contract.id} breaks its contract`, {
          cause: checked.error,
        });
      const status = Number(Object.keys(contract.responses)[0]);
      // A redirect contract answers where the browser's fetch ends after following it: the
      // signed address (as `response.url`) serving the file.
      if (contract.redirect) return followedRedirect((answer as { location: string }).location);
      // A file contract answers its bytes, as the API does, in its media type.
      if (contract.file)
        return new Response(answer as Uint8Array<ArrayBuffer>, {
          status,
          headers: { 'Content-Type': contract.file },
        });
      return jsonResponse(status, answer);
    } catch (error) {
      if (error instanceof Response) return error;
      throw error;
    }
  };
}
