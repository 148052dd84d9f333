import { eq } from 'drizzle-orm';
import {
  accountsContracts,
  alertPeriods,
  claimsContracts,
  luggageContracts,
  monitoringContracts,
  policiesContracts,
  travelContracts,
  wallClockAt,
  type Contract,
} from '@tern/domain';
import { airportByIata } from '@tern/domain/reference/airports';
import { flights, trips } from '../../apps/api/src/modules/travel/tables.ts';
import { phonePhoto } from '../../apps/api/test/photos.ts';
import type { Cluster, Instance, LoadPartner } from './multi-cluster.ts';
import { call, holdStream, type HeldStream } from './multi-load.ts';
import { directFlights, seedTrips } from './travel-bench.ts';
import { PASSWORD, registration } from './world.ts';

/**
 * The simulated users of `npm run multi`. Each holds its event stream on both instances and
 * sends every call to either one with any of its sessions (opened on either). A traveller
 * reads, renames themself, buys and cancels cover (a webhook each), reports a lost bag with a
 * photo (an upload, scanned by a job), signs in and out on one instance and checks the other,
 * and asks for password resets (jobs that email). The business customer reads its claims and
 * submits each new claim's revenue prediction (a claims dataset: the underwriting job makes the
 * offer). The monitoring subscriber reads its monitored data and alerts and adds and removes
 * items (each a scan job). What happens to them comes from the operator (multi.ts).
 */

const PREFIX = 'MULTI';
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
/** How often, per user, each heavier action comes round (ms). */
const EVERY = { upload: 20_000, blink: 10_000, session: 6_000, claim: 3_000, item: 8_000 };
/** Password resets per traveller (the limit is 3 per address in 15 minutes). */
const RESETS = 2;

export interface Actor {
  name: string;
  partner: LoadPartner;
  userId: string;
  /** Its first session's token: its streams', never signed out. */
  token: string;
  tokens: string[];
  streams: HeldStream[];
  /** USER_DETAILS changes it asked for, in order: when and on which instance. */
  renames: { at: number; on: Instance }[];
  step(): Promise<void>;
}

export interface LoadContext {
  cluster: Cluster;
  seconds: number;
  startedAt: Date;
  /** What the checks at the end count. */
  counts: { resets: number; uploads: string[]; predictions: string[]; sessionChecks: number };
}

const apiKeyOf = (context: LoadContext, partner: LoadPartner) => context.cluster.apiKeys[partner];
const instanceOf = (context: LoadContext) => pick(context.cluster.instances);
const otherThan = (context: LoadContext, instance: Instance) =>
  context.cluster.instances.find((i) => i !== instance)!;

async function withStreams(context: LoadContext, actor: Omit<Actor, 'streams' | 'step'>) {
  const headers = {
    'api-key': apiKeyOf(context, actor.partner),
    authorization: `Bearer ${actor.token}`,
  };
  const url = `/api/v1/platform/users/${actor.userId}/events`;
  return Promise.all(context.cluster.instances.map((i) => holdStream(i, url, headers)));
}

/** Signs in on one instance, reads on the other; every other time signs out there and checks the first refuses it. */
async function sessionCheck(context: LoadContext, actor: Actor, email: string) {
  const apiKey = apiKeyOf(context, actor.partner);
  const on = instanceOf(context);
  const other = otherThan(context, on);
  const session = (await call('login', on, accountsContracts.login, {
    apiKey,
    body: { emailAddress: email, password: PASSWORD, partnerId: actor.partner },
  })) as { token: string } | undefined;
  if (!session) return;
  const read = { apiKey, params: { id: actor.userId }, token: session.token };
  if (!(await call('session', other, accountsContracts.details, read))) return;
  context.counts.sessionChecks += 1;
  if (Math.random() < 0.5 && actor.tokens.length < 4) {
    actor.tokens.push(session.token);
    return;
  }
  await call('session', other, accountsContracts.logout, { apiKey, token: session.token });
  await call('session', on, accountsContracts.details, { ...read, expect: 401 });
}

/** A schedule: true once every `ms`, starting at a random point of the first period. */
const every = (ms: number) => {
  let next = Date.now() + Math.random() * ms;
  return () => {
    if (Date.now() < next) return false;
    next += ms;
    return true;
  };
};

export async function traveller(context: LoadContext, n: number, legs: Legs): Promise<Actor> {
  const { cluster } = context;
  const apiKey = apiKeyOf(context, 'travel');
  const [first] = cluster.instances;
  const body = registration(PREFIX, n);
  const session = (await call('write', first, accountsContracts.register, {
    apiKey,
    params: { partnerId: 'travel' },
    body,
  })) as { userId: string; token: string } | undefined;
  if (!session) throw new Error(`traveller ${n} not registered`);
  const { userId, token } = session;
  // Flights flown two days ago, each its own trip, for the bags it reports.
  await seedTrips(cluster.database, userId, legs.past(n), 1);
  const flown = await cluster.database.db
    .select({ tripId: flights.tripId, flightId: flights.id, flightNumber: flights.flightNumber })
    .from(flights)
    .innerJoin(trips, eq(trips.id, flights.tripId))
    .where(eq(trips.userId, userId));
  const future = legs.future(n);
  const photo = await phonePhoto();
  const base = { name: `traveller ${n}`, partner: 'travel' as const, userId, token };
  const actor: Actor = {
    ...base,
    tokens: [token],
    renames: [],
    streams: await withStreams(context, { ...base, tokens: [], renames: [] }),
    step: async () => {},
  };
  const reads: [Contract, (t: string) => object][] = [
    [accountsContracts.details, () => ({ params: { id: userId } })],
    [accountsContracts.access, () => ({ params: { id: userId } })],
    [policiesContracts.list, () => ({ params: { id: userId } })],
    [travelContracts.trips, () => ({ query: { userId } })],
    [travelContracts.passengers, () => ({ query: { userId } })],
    [luggageContracts.bags, () => ({})],
  ];
  const due = {
    upload: every(EVERY.upload),
    blink: every(EVERY.blink),
    session: every(EVERY.session),
    reset: every((context.seconds * 1000) / RESETS),
  };
  let resets = 0;
  let renames = 0;
  let openTrip: string | undefined;
  actor.step = async () => {
    const on = instanceOf(context);
    const token = pick(actor.tokens);
    if (due.upload() && flown.length > 0) {
      const flight = flown.pop()!;
      await reportBag(context, on, token, flight, photo);
    } else if (due.blink()) {
      if (openTrip) {
        await call('write', on, travelContracts.cancelTrip, {
          apiKey,
          token,
          params: { tripId: openTrip },
        });
        openTrip = undefined;
      } else if (future.length > 0) {
        const leg = future.pop()!;
        const trip = (await call('write', on, travelContracts.blinkIt, {
          apiKey,
          token,
          body: { flights: [leg], passengers: 1 },
        })) as { tripId: string } | undefined;
        openTrip = trip?.tripId;
      }
    } else if (due.session()) await sessionCheck(context, actor, body.emailAddress);
    else if (due.reset() && resets < RESETS) {
      resets += 1;
      const asked = await call('reset', on, accountsContracts.forgotPassword, {
        apiKey,
        body: { emailAddress: body.emailAddress, partnerId: 'travel' },
      });
      if (asked !== undefined) context.counts.resets += 1;
    } else if (Math.random() < 0.15) {
      const firstName = `Name${String.fromCharCode(97 + (renames++ % 26))}`;
      const rename = { at: performance.now(), on };
      const done = await call('write', on, accountsContracts.update, {
        apiKey,
        token,
        params: { id: userId },
        body: { firstName },
      });
      if (done !== undefined) actor.renames.push(rename);
    } else {
      const [contract, args] = pick(reads);
      await call('read', on, contract, { apiKey, token, ...args(token) });
    }
  };
  return actor;
}

interface Flown {
  tripId: string;
  flightId: string;
  flightNumber: string;
}
let bagSerial = 10_000 + Math.floor(Math.random() * 50_000);

/** A lost bag reported on a flight flown, and its photo attached (a multipart upload). */
async function reportBag(
  context: LoadContext,
  on: Instance,
  token: string,
  flight: Flown,
  photo: Buffer,
) {
  const apiKey = apiKeyOf(context, 'travel');
  const [row] = await context.cluster.database.db
    .select({ destination: flights.destination })
    .from(flights)
    .where(eq(flights.id, flight.flightId));
  const station = row!.destination!;
  const serial = bagSerial++;
  const bag = (await call('upload', on, luggageContracts.reportBag, {
    apiKey,
    token,
    body: {
      tripId: flight.tripId,
      flightId: flight.flightId,
      pir: `${station}${flight.flightNumber.slice(0, 2)}${serial}`,
      tagNumber: `0014${serial}0`,
      colour: 'BU',
      type: '22',
      reportedOnLocal: wallClockAt(
        Date.now() - 60_000,
        airportByIata.get(station)!.timeZone,
      ).replace('T', ' '),
    },
  })) as { bagId: string } | undefined;
  if (!bag) return;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'bag.jpg');
  const attached = await call('upload', otherThan(context, on), luggageContracts.attach, {
    apiKey,
    token,
    params: { bagId: bag.bagId },
    query: { name: 'bag.jpg' },
    form,
  });
  if (attached !== undefined) context.counts.uploads.push(bag.bagId);
}

/** The demo customer of a partner, signed in on the second instance. */
async function demoCustomer(context: LoadContext, partner: LoadPartner, email: string) {
  const session = (await call('login', context.cluster.instances[1], accountsContracts.login, {
    apiKey: apiKeyOf(context, partner),
    body: { emailAddress: email, password: PASSWORD, partnerId: partner },
  })) as { userId: string; token: string } | undefined;
  if (!session) throw new Error(`${email} could not sign in`);
  const base = { name: email, partner, userId: session.userId, token: session.token };
  return {
    ...base,
    tokens: [session.token],
    renames: [],
    streams: await withStreams(context, { ...base, tokens: [], renames: [] }),
  };
}

interface ClaimRow {
  alertId: string;
  itemId: string;
  alertDate: string;
  status: string;
  datasets: {
    datasetId: string;
    name: string;
    completed: boolean;
    data: { year: number; month: number; revenue: number | null }[];
  }[];
}

/** The parametric partner's customer: its claims read, and each new claim's prediction submitted. */
export async function businessCustomer(context: LoadContext, email: string): Promise<Actor> {
  const customer = await demoCustomer(context, 'business', email);
  const apiKey = apiKeyOf(context, 'business');
  const submitted = new Set<string>();
  const due = { claim: every(EVERY.claim), session: every(EVERY.session * 2) };
  const actor: Actor = {
    ...customer,
    step: async () => {
      const on = instanceOf(context);
      const token = pick(actor.tokens);
      if (due.session()) return sessionCheck(context, actor, email);
      const claims = (await call('claim', on, claimsContracts.alerts, {
        apiKey,
        token,
        query: { active: 'true' },
      })) as ClaimRow[] | undefined;
      if (!claims || !due.claim()) {
        await call('read', on, claimsContracts.items, { apiKey, token });
        return;
      }
      for (const claim of claims) {
        const prediction = claim.datasets.find((d) => d.name === 'USER-REVENUE-PREDICTION');
        if (
          submitted.has(claim.alertId) ||
          claim.status !== 'prediction' ||
          !prediction ||
          prediction.completed ||
          new Date(claim.alertDate) < context.startedAt
        )
          continue;
        submitted.add(claim.alertId);
        const done = await call('claim', otherThan(context, on), claimsContracts.updateDataset, {
          apiKey,
          token,
          params: { itemId: claim.itemId, alertId: claim.alertId, datasetId: prediction.datasetId },
          body: {
            // Prefilled from the bank when it is connected; the café's is not: every period.
            data: (prediction.data.length ? prediction.data : alertPeriods(claim.alertDate)).map(
              ({
                year,
                month,
                revenue,
              }: {
                year: number;
                month: number;
                revenue?: number | null;
              }) => ({
                year,
                month,
                revenue: revenue ?? 100_000,
              }),
            ),
            completed: true,
          },
        });
        if (done !== undefined) context.counts.predictions.push(claim.alertId);
      }
    },
  };
  return actor;
}

/** The monitoring partner's subscriber: reads, and items added and removed (each scanned). */
export async function subscriber(context: LoadContext, email: string): Promise<Actor> {
  const customer = await demoCustomer(context, 'identity', email);
  const apiKey = apiKeyOf(context, 'identity');
  const { userId } = customer;
  const due = { item: every(EVERY.item), session: every(EVERY.session * 2) };
  let added: string | undefined;
  let items = 0;
  const reads: [Contract, object][] = [
    [monitoringContracts.status, { params: { userId } }],
    [monitoringContracts.subscriptions, { params: { userId }, query: { active: 'true' } }],
    [monitoringContracts.alerts, { params: { userId } }],
    [monitoringContracts.scan, { params: { userId } }],
  ];
  const actor: Actor = {
    ...customer,
    step: async () => {
      const on = instanceOf(context);
      const token = pick(actor.tokens);
      if (due.session()) return sessionCheck(context, actor, email);
      if (!due.item()) {
        const [contract, args] = pick(reads);
        await call('read', on, contract, { apiKey, token, ...args });
      } else if (added) {
        await call('scan', on, monitoringContracts.deleteItem, {
          apiKey,
          token,
          params: { userId, id: added },
        });
        added = undefined;
      } else {
        const item = (await call('scan', on, monitoringContracts.addItem, {
          apiKey,
          token,
          params: { userId, dataType: 'EMAIL_ADDRESS' },
          body: { displayName: `Multi ${++items}`, value: `multi-${items}@example.com` },
        })) as { id: string } | undefined;
        added = item?.id;
      }
    },
  };
  return actor;
}

/** Flights for the travellers: `perUser` flown (bags) and to come (cover), none shared. */
export function legsFor(users: number, perUser: number) {
  const flown = directFlights(-2, users * perUser);
  const toCome = directFlights(21, users * perUser);
  if (flown.length < users * perUser || toCome.length < users * perUser)
    throw new Error('the simulator has too few direct flights for this many users');
  return {
    past: (n: number) => flown.slice(n * perUser, (n + 1) * perUser),
    future: (n: number) =>
      toCome.slice(n * perUser, (n + 1) * perUser).map(({ option }) => ({
        flightNumber: option.flightNumber,
        embarkDate: option.embarkDate,
        origin: option.origin,
      })),
  };
}
type Legs = ReturnType<typeof legsFor>;
