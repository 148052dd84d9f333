import { createHash } from 'node:crypto';
import { getDistance } from 'geolib';
import { DateTime } from 'luxon';
import { airlineByIata, airports, type Airport } from '@tern/domain/reference/airports';
import type { ScheduledFlight, ScheduledLeg } from '../port.ts';

/**
 * The simulator's timetable: for any flight number of a real airline and any date, the same
 * answer every time, computed rather than stored. A number keeps its route from day to day (as
 * a real flight number does) between real airports of the airline's country and the world;
 * times are the airports' own, the flight time follows the great-circle distance. Some numbers
 * do not fly at all (the manual-entry page must be reachable), some stop on the way, some fly
 * twice a day.
 */

/** One in this many numbers does not fly: FLIGHT_SCHEDULE_NOT_FOUND. */
export const NOT_FLOWN_ONE_IN = 10;
/** One in this many numbers stops once on the way (two legs). */
const TWO_LEGS_ONE_IN = 8;
/** One in this many numbers flies twice a day (two candidate flights). */
const TWICE_A_DAY_ONE_IN = 9;
/** Cruise speed and the time taxiing, climbing and landing add. */
const KM_PER_HOUR = 800;
const GROUND_MINUTES = 30;
/** The shortest route flown, and about the longest (Singapore–New York). */
const MIN_ROUTE_KM = 200;
const MAX_ROUTE_KM = 15_000;
const TERMINALS = ['1', '2', '3', 'A', 'B', 'M'] as const;

/** A stream of numbers in [0, 1) that depends only on `seed`. */
function randomOf(seed: string): () => number {
  const digest = createHash('sha256').update(seed).digest();
  let state = digest.readUInt32LE(0);
  // mulberry32: small, fast and good enough to pick airports and times.
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)]!;
const oneIn = (random: () => number, n: number) => Math.floor(random() * n) === 0;

/**
 * Airports with scheduled service: those OpenFlights names international (it has no traffic
 * figures), by country, and all of them together.
 */
const served = (() => {
  const international = airports.filter((a) => /international/i.test(a.name));
  const byCountry = new Map<string, Airport[]>();
  for (const airport of international)
    byCountry.set(airport.country, [...(byCountry.get(airport.country) ?? []), airport]);
  return { all: international, byCountry };
})();

const flightMinutes = (from: Airport, to: Airport): number => {
  const km = getDistance(from, to) / 1000;
  // Rounded to 5 minutes, as timetables are.
  return Math.round(((km / KM_PER_HOUR) * 60 + GROUND_MINUTES) / 5) * 5;
};

/** `AC801` → `AC`; a number that is not an airline code plus digits → undefined. */
const airlineOf = (flightNumber: string) =>
  /^([A-Z0-9]{2})(\d{1,5})[A-Z]?$/.exec(flightNumber)?.[1];

/** The route a number flies every day: its airports in order. */
function routeOf(flightNumber: string, country: string): Airport[] | undefined {
  const random = randomOf(`route:${flightNumber}`);
  if (oneIn(random, NOT_FLOWN_ONE_IN)) return undefined;
  const home = served.byCountry.get(country) ?? [];
  if (home.length === 0) return undefined;
  const origin = pick(random, home);
  // Nobody flies to the airport across town, nor further than the longest routes flown.
  const farFrom = (from: Airport) => (to: Airport) => {
    const km = getDistance(from, to) / 1000;
    return km >= MIN_ROUTE_KM && km <= MAX_ROUTE_KM;
  };
  const abroad = served.all.filter(farFrom(origin));
  const domestic = home.filter(farFrom(origin));
  const destination = pick(random, domestic.length > 0 && random() < 0.5 ? domestic : abroad);
  if (!oneIn(random, TWO_LEGS_ONE_IN)) return [origin, destination];
  const stops = domestic.filter((a) => farFrom(a)(destination));
  return stops.length > 0 ? [origin, pick(random, stops), destination] : [origin, destination];
}

function legsOf(
  route: readonly Airport[],
  date: string,
  departsAt: number,
  random: () => number,
): ScheduledLeg[] {
  const legs: ScheduledLeg[] = [];
  let departure = DateTime.fromISO(date, { zone: route[0]!.timeZone }).plus({
    minutes: departsAt,
  });
  for (let i = 0; i + 1 < route.length; i += 1) {
    const from = route[i]!;
    const to = route[i + 1]!;
    const arrival = departure.plus({ minutes: flightMinutes(from, to) }).setZone(to.timeZone);
    legs.push({
      origin: from.iata,
      destination: to.iata,
      departure: {
        local: departure.toFormat("yyyy-MM-dd'T'HH:mm"),
        utc: departure.toUTC().toISO()!,
      },
      arrival: { local: arrival.toFormat("yyyy-MM-dd'T'HH:mm"), utc: arrival.toUTC().toISO()! },
      terminal: random() < 0.25 ? null : pick(random, TERMINALS),
      totalPassengers: 90 + Math.floor(random() * 290),
    });
    // An hour on the ground at a stop.
    departure = arrival.plus({ minutes: 60 });
  }
  return legs;
}

/** The simulator's answer for a number on a date (see the module's comment). */
export function scheduleOf(flightNumber: string, date: string): ScheduledFlight[] {
  const code = airlineOf(flightNumber);
  const airline = code ? airlineByIata.get(code) : undefined;
  if (!airline || !DateTime.fromISO(date).isValid) return [];
  const route = routeOf(flightNumber, airline.country);
  if (!route) return [];
  const random = randomOf(`day:${flightNumber}:${date}`);
  const numberRandom = randomOf(`times:${flightNumber}`);
  // Between 05:30 and 22:30 in 5-minute steps; a second rotation at least 6 hours later.
  const first = 330 + 5 * Math.floor(numberRandom() * 120);
  const times = oneIn(numberRandom, TWICE_A_DAY_ONE_IN)
    ? [first, Math.min(first + 360, 1350)]
    : [first];
  return times.map((minutes) => ({
    flightNumber,
    airline: airline.iata,
    date,
    legs: legsOf(route, date, minutes, random),
  }));
}
