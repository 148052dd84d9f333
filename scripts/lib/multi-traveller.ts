import { eq } from 'drizzle-orm';
import {
  accountsContracts,
  luggageContracts,
  policiesContracts,
  travelContracts,
  wallClockAt,
  type Contract,
} from '@tern/domain';
import { airportByIata } from '@tern/domain/reference/airports';
import { flights, trips } from '../../apps/api/src/modules/travel/tables.ts';
import { phonePhoto } from '../../apps/api/test/photos.ts';
import {
  apiKeyOf,
  every,
  EVERY,
  instanceOf,
  otherThan,
  pick,
  sessionCheck,
  withStreams,
  type Actor,
  type LoadContext,
} from './multi-actors.ts';
import type { Instance } from './multi-cluster.ts';
import { call } from './multi-load.ts';
import { directFlights, seedTrips } from './travel-bench.ts';
import { registration } from './world.ts';

/**
 * A traveller of `npm run multi`: reads, renames themself (a live event each), buys and
 * cancels cover (a `trip.covered` webhook each), reports a lost bag with a photo (a multipart
 * upload; the scan job), signs in and out across the instances, and asks for password resets
 * (jobs that email).
 */

const PREFIX = 'MULTI';
/** Password resets per traveller (the limit is 3 per address in 15 minutes). */
const RESETS = 2;

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
