import { DateTime } from 'luxon';
import { z } from 'zod';
import { airportByIata } from '@tern/domain/reference/airports';
import type { Clock } from '../../../lib/clock.ts';
import type {
  AirportTime,
  FlightState,
  FlightStatus,
  FlightsPort,
  ScheduledFlight,
} from '../port.ts';

/** A provider that has not answered by then has failed; the caller (the watch job) retries. */
const TIMEOUT_MS = 10_000;

/**
 * AeroDataBox does not know how many seats a flight has (the aircraft model is all it gives,
 * and often not that), but the port wants the most passengers who may claim on a leg. So
 * every leg gets the certified maximum of the largest airliner flying (an A380's 853): no
 * booking is refused for a number Tern cannot know.
 */
export const SEATS_UNKNOWN = 853;

/**
 * The longest time on the ground between two legs of one through-flight: a later leg of the
 * same number leaving the airport the earlier one landed at within this time continues it.
 */
const MAX_STOP_HOURS = 12;

/** `scheduledTime`, `revisedTime`…: `{ utc: "2026-02-01 13:05Z", local: "2026-02-01 08:05-05:00" }`. */
const timeSchema = z.looseObject({ utc: z.string(), local: z.string().nullish() });

/** A FlightContract's `departure` or `arrival` (FlightAirportMovementContract). */
const movementSchema = z.looseObject({
  airport: z.looseObject({
    iata: z.string().nullish(),
    timeZone: z.string().nullish(),
  }),
  scheduledTime: timeSchema.nullish(),
  /** The airline's latest time: estimated, then actual (off or on block). */
  revisedTime: timeSchema.nullish(),
  terminal: z.string().nullish(),
});

/** One FlightContract: a leg of a flight number, as `GET /flights/number/…` answers. */
const flightSchema = z.looseObject({
  number: z.string(),
  status: z.string().nullish(),
  codeshareStatus: z.string().nullish(),
  /** When the provider last changed anything of this flight: `2026-02-01 12:40Z`. */
  lastUpdatedUtc: z.string().nullish(),
  departure: movementSchema,
  arrival: movementSchema,
  airline: z.looseObject({ iata: z.string().nullish() }).nullish(),
});
/** One leg of an answer, as recorded answers hold it (unknown fields kept). */
export type FlightContract = z.infer<typeof flightSchema>;
type Movement = z.infer<typeof movementSchema>;

/** A leg as the adapter works with it: the provider's entry and what the port wants of it. */
interface Leg {
  entry: FlightContract;
  number: string;
  origin: string;
  destination: string;
  departure: AirportTime;
  arrival: AirportTime;
}

/** The provider's flight statuses, as the port's states; any other (Expected, Delayed…) is scheduled. */
const STATES: Record<string, FlightState> = {
  Canceled: 'cancelled',
  CanceledUncertain: 'cancelled',
  Diverted: 'diverted',
  Arrived: 'arrived',
  Departed: 'departed',
  EnRoute: 'departed',
  Approaching: 'departed',
};

/** `AC 856`, `ac856` → `AC856`. */
const normalised = (flightNumber: string) => flightNumber.replace(/\s+/g, '').toUpperCase();

/** AeroDataBox's `2026-02-01 13:05Z` (or ISO 8601) as a UTC instant. */
const utcOf = (text: string) => DateTime.fromISO(text.trim().replace(' ', 'T'), { zone: 'utc' });

const LOCAL = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/;

/**
 * A provider time as the port's: the UTC instant, and the wall-clock time the provider gives
 * (`2026-02-01 08:05-05:00` → `2026-02-01T08:05`), or else the instant in the airport's zone.
 */
function airportTime(time: z.infer<typeof timeSchema>, movement: Movement): AirportTime | null {
  const utc = utcOf(time.utc);
  if (!utc.isValid) return null;
  const given = time.local?.match(LOCAL);
  if (given) return { local: `${given[1]}T${given[2]}`, utc: utc.toISO() };
  const zone =
    movement.airport.timeZone ?? airportByIata.get(movement.airport.iata ?? '')?.timeZone;
  if (!zone) return null;
  const local = utc.setZone(zone);
  return local.isValid ? { local: local.toFormat("yyyy-MM-dd'T'HH:mm"), utc: utc.toISO() } : null;
}

/** The entry as a leg; undefined when it lacks an airport code or a scheduled time. */
function legOf(entry: FlightContract): Leg | undefined {
  const origin = entry.departure.airport.iata;
  const destination = entry.arrival.airport.iata;
  const departure = entry.departure.scheduledTime
    ? airportTime(entry.departure.scheduledTime, entry.departure)
    : null;
  const arrival = entry.arrival.scheduledTime
    ? airportTime(entry.arrival.scheduledTime, entry.arrival)
    : null;
  if (!origin || !destination || !departure || !arrival) return undefined;
  return { entry, number: normalised(entry.number), origin, destination, departure, arrival };
}

const millis = (time: AirportTime) => Date.parse(time.utc);

const isCodeshare = (entry: FlightContract) => entry.codeshareStatus === 'IsCodeshared';

/**
 * The legs of an answer, one per take-off, in order. A code-share entry (`IsCodeshared`: the
 * number is sold on a flight another airline operates) gives way to the operating airline's
 * entry of the same take-off, whose status, terminal and airline are the ones that count; a
 * take-off known only as a code-share is kept, since it is still the customer's flight.
 */
function legsOf(entries: FlightContract[]): Leg[] {
  const byTakeOff = new Map<string, Leg>();
  for (const entry of entries) {
    const leg = legOf(entry);
    if (!leg) continue;
    const key = `${leg.origin} ${millis(leg.departure)}`;
    const kept = byTakeOff.get(key);
    if (!kept || (isCodeshare(kept.entry) && !isCodeshare(entry))) byTakeOff.set(key, leg);
  }
  return [...byTakeOff.values()].sort((a, b) => millis(a.departure) - millis(b.departure));
}

/**
 * Legs into flights: a leg of the same number leaving the airport where an earlier flight
 * landed, within MAX_STOP_HOURS of its landing, is that flight's next leg.
 */
function flightsOf(legs: Leg[]): Leg[][] {
  const flights: Leg[][] = [];
  for (const leg of legs) {
    const continued = flights.find((flight) => {
      const last = flight.at(-1)!;
      const ground = millis(leg.departure) - millis(last.arrival);
      return (
        last.number === leg.number &&
        last.destination === leg.origin &&
        ground >= 0 &&
        ground <= MAX_STOP_HOURS * 3_600_000
      );
    });
    if (continued) continued.push(leg);
    else flights.push([leg]);
  }
  return flights;
}

/** `AC 856` → `AC`: the airline code of a flight number, where the answer names no airline. */
const airlineOf = (flightNumber: string) =>
  flightNumber
    .trim()
    .match(/^([A-Z0-9]{2,3}?)\s*\d/i)?.[1]
    ?.toUpperCase() ?? '';

/**
 * The flight data port over AeroDataBox (https://aerodatabox.com), through RapidAPI
 * (`https://aerodatabox.p.rapidapi.com`, the default) or a host answering the same API:
 * `GET {baseUrl}/flights/number/{number}/{date}` with the key in `X-RapidAPI-Key`. Every
 * question is asked anew (nothing is cached: the watch job decides how often to ask). A
 * non-2xx answer other than 204/404 (nothing known) throws with its status, never the key.
 *
 * What AeroDataBox cannot say: seats (SEATS_UNKNOWN), and where a diverted flight went (its
 * FlightContract has no field for the diversion airport, so divertedTo stays null).
 */
export function aeroDataBoxFlights(deps: {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /**
   * Unused for now: the provider's status is taken as it is said, not moved on by the clock
   * as the simulator does. Kept so every flights adapter is built from the same dependencies.
   */
  clock: Clock;
}): FlightsPort {
  const base = new URL(deps.baseUrl);
  const root = base.href.replace(/\/+$/, '');
  const headers = {
    'X-RapidAPI-Key': deps.apiKey,
    'X-RapidAPI-Host': base.host,
    accept: 'application/json',
  };
  const send = deps.fetch ?? fetch;

  /** Every leg the number flies that local date (as departure or arrival date, both). */
  async function answerFor(flightNumber: string, date: string): Promise<FlightContract[]> {
    const what = `AeroDataBox for ${flightNumber} on ${date}`;
    // dateLocalRole=Both: the legs that leave or land that local date, so that a leg landing
    // that day shows which flight a leg leaving that day continues (a flight that left the
    // day before is then left out by its first leg's date). A later leg leaving after local
    // midnight is not in this answer, and is missed.
    const url =
      `${root}/flights/number/${encodeURIComponent(flightNumber)}/${date}` +
      '?withAircraftImage=false&withLocation=false&dateLocalRole=Both';
    let response: Response;
    try {
      response = await send(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      const e = error as Error & { cause?: { code?: string } };
      const why =
        e.name === 'TimeoutError'
          ? `no answer within ${TIMEOUT_MS / 1000} s`
          : (e.cause?.code ?? e.name);
      throw new Error(`${what} failed: ${why}`);
    }
    if (response.status === 204 || response.status === 404) {
      await response.body?.cancel();
      return [];
    }
    if (!response.ok) {
      // The body is not shown: a gateway's error page may echo the request, key included.
      await response.body?.cancel();
      throw new Error(`${what} failed: HTTP ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new Error(`${what} answered something other than JSON`);
    }
    const parsed = z.array(flightSchema).safeParse(body);
    if (!parsed.success) throw new Error(`${what} answered an unexpected shape`);
    return parsed.data;
  }

  /** The flights whose first leg leaves on that local date, each as its legs in order. */
  async function flightsOn(flightNumber: string, date: string): Promise<Leg[][]> {
    const entries = await answerFor(flightNumber, date);
    return flightsOf(legsOf(entries)).filter(
      (legs) => legs[0]!.departure.local.slice(0, 10) === date,
    );
  }

  return {
    async schedules(flightNumber, date): Promise<ScheduledFlight[]> {
      const number = normalised(flightNumber);
      const flights = await flightsOn(number, date);
      return flights.map((legs) => ({
        flightNumber: number,
        airline: legs[0]!.entry.airline?.iata ?? airlineOf(legs[0]!.entry.number),
        date,
        legs: legs.map((leg) => ({
          origin: leg.origin,
          destination: leg.destination,
          departure: leg.departure,
          arrival: leg.arrival,
          terminal: leg.entry.departure.terminal ?? null,
          totalPassengers: SEATS_UNKNOWN,
        })),
      }));
    },

    async status(flightNumber, departureUtc): Promise<FlightStatus | null> {
      const number = normalised(flightNumber);
      const departure = DateTime.fromISO(departureUtc, { zone: 'utc' });
      if (!departure.isValid) return null;
      // Its local date is the UTC date or the day either side.
      for (const days of [0, -1, 1]) {
        const date = departure.plus({ days }).toISODate();
        const flight = (await flightsOn(number, date)).find(
          (legs) => millis(legs[0]!.departure) === departure.toMillis(),
        );
        if (flight) return statusOf(flight[0]!);
      }
      return null;
    },
  };
}

/** The first leg's status as the port says it. */
function statusOf(leg: Leg): FlightStatus {
  const { entry } = leg;
  const state = STATES[entry.status ?? ''] ?? 'scheduled';
  // Only revisedTime (the airline's estimated or actual off-block time) moves the departure:
  // runwayTime is the take-off, minutes after an on-time departure leaves its gate, and
  // predictedTime is AeroDataBox's own guess; either would report a delay that is none.
  const revised = entry.departure.revisedTime
    ? airportTime(entry.departure.revisedTime, entry.departure)
    : null;
  const departure = revised ?? leg.departure;
  const delayMinutes = Math.max(
    0,
    Math.round((millis(departure) - millis(leg.departure)) / 60_000),
  );
  // AeroDataBox keeps no time of each change, only of its latest update of the flight
  // (lastUpdatedUtc): that is given as the evidence of a change, and null while the flight
  // is as the timetable has it, as the port asks.
  const updated = entry.lastUpdatedUtc ? utcOf(entry.lastUpdatedUtc) : null;
  const changed = state !== 'scheduled' || delayMinutes > 0;
  return {
    state,
    departure,
    delayMinutes,
    divertedTo: null,
    changedAt: changed && updated?.isValid ? updated.toISO() : null,
  };
}
