import { getDistance } from 'geolib';
import { DateTime } from 'luxon';
import { airportByIata, airports, type Airport } from '@tern/domain/reference/airports';
import { codedText, RESOLUTION_TEXT_KEYS } from '@tern/domain';
import type { Clock } from '../../../lib/clock.ts';
import type { AlternateFlight, RebookedFlight, RebookingPort } from '../port.ts';
import { between, codeOf, pick, randomOf, requireGuests } from './seed.ts';

/**
 * The simulated rebooking desk. For a disrupted flight it offers 1 or 2 direct flights of the
 * same airline and 1 or 2 connections through a third real airport (stopping 45 to 180
 * minutes), leaving 2 to 12 hours after the time asked, each with 2 to 9 seats free. They are
 * drawn from the flight, the route and that time rounded up to the hour, so the same question
 * answers the same offers. An offer's flight id carries that question (`ALT-<base64url>`):
 * rebooking draws the offers again and finds the leg, with nothing stored.
 */

const KM_PER_HOUR = 800;
const GROUND_MINUTES = 30;
const TERMINALS = ['1', '2', '3', 'A', 'B', 'M'] as const;
/** Connecting airports closer than this to an end are the same city: no one connects there. */
const MIN_LEG_KM = 100;
/** The connections drawn from: the airports that lengthen the trip least. */
const HUB_CHOICES = 6;
const HOUR_MS = 3_600_000;

interface Leg {
  flightNumber: string;
  from: Airport;
  to: Airport;
  departure: DateTime;
  arrival: DateTime;
  terminal: string | null;
}
interface Offer {
  linkId: string;
  freeSeats: number;
  legs: Leg[];
}
/** What an offer's flight id carries: the question (hours since the epoch) and the answer's place. */
type Question = [flightNumber: string, origin: string, destination: string, hour: number];
type FlightRef = [...Question, offer: number, leg: number];

/** Airports with scheduled service, as the flight timetable counts them. */
const hubs = airports.filter((a) => /international/i.test(a.name));
const km = (from: Airport, to: Airport) => getDistance(from, to) / 1000;
// Rounded to 5 minutes, as timetables are.
const flightMinutes = (from: Airport, to: Airport) =>
  Math.round(((km(from, to) / KM_PER_HOUR) * 60 + GROUND_MINUTES) / 5) * 5;
const airlineOf = (flightNumber: string) => /^([A-Z0-9]{2})\d{1,5}[A-Z]?$/.exec(flightNumber)?.[1];
const localOf = (time: DateTime, airport: Airport) =>
  time.setZone(airport.timeZone).toFormat("yyyy-MM-dd'T'HH:mm");

/** Where a connection may stop: the airports that lengthen the trip least, none in either city. */
function connectionsOf(from: Airport, to: Airport): Airport[] {
  return hubs
    .map((hub) => ({ hub, out: km(from, hub), on: km(hub, to) }))
    .filter(({ out, on }) => out >= MIN_LEG_KM && on >= MIN_LEG_KM)
    .sort((a, b) => a.out + a.on - (b.out + b.on))
    .slice(0, HUB_CHOICES)
    .map(({ hub }) => hub);
}

/** The offers for a question, in order of departure; none for an unknown airline or airport. */
function offersOf([flightNumber, origin, destination, hour]: Question): Offer[] {
  const airline = airlineOf(flightNumber);
  const from = airportByIata.get(origin);
  const to = airportByIata.get(destination);
  if (!airline || !from || !to || from === to) return [];
  const seed = `rebook:${flightNumber}:${origin}:${destination}:${hour}`;
  const random = randomOf(seed);
  const numbers = new Set([flightNumber]);
  const newNumber = () => {
    let number: string;
    do number = `${airline}${between(random, 100, 9999)}`;
    while (numbers.has(number));
    numbers.add(number);
    return number;
  };
  const leg = (a: Airport, b: Airport, departure: DateTime): Leg => ({
    flightNumber: newNumber(),
    from: a,
    to: b,
    departure,
    arrival: departure.plus({ minutes: flightMinutes(a, b) }),
    terminal: random() < 0.25 ? null : pick(random, TERMINALS),
  });
  // `hour` is the time asked rounded up: from 2 hours after that time to 11 h 55 after the hour.
  const leaves = () =>
    DateTime.fromMillis((hour + 2) * HOUR_MS, { zone: 'utc' }).plus({
      minutes: 5 * between(random, 0, 107),
    });
  const vias = connectionsOf(from, to);
  const offers: Omit<Offer, 'linkId'>[] = [];
  for (let i = between(random, 1, 2); i > 0; i -= 1)
    offers.push({ freeSeats: between(random, 2, 9), legs: [leg(from, to, leaves())] });
  for (let i = between(random, 1, 2); i > 0; i -= 1) {
    if (vias.length === 0) break;
    const via = pick(random, vias);
    const first = leg(from, via, leaves());
    const second = leg(via, to, first.arrival.plus({ minutes: 5 * between(random, 9, 36) }));
    offers.push({ freeSeats: between(random, 2, 9), legs: [first, second] });
  }
  return offers
    .sort((a, b) => a.legs[0]!.departure.toMillis() - b.legs[0]!.departure.toMillis())
    .map((offer, index) => ({ ...offer, linkId: `LNK-${codeOf(`${seed}:${index}`, 8)}` }));
}

const isFlightRef = (ref: unknown): ref is FlightRef =>
  Array.isArray(ref) &&
  ref.length === 6 &&
  ref.slice(0, 3).every((part) => typeof part === 'string') &&
  ref.slice(3).every((part) => Number.isInteger(part));

const idOf = (ref: FlightRef) => `ALT-${Buffer.from(JSON.stringify(ref)).toString('base64url')}`;

/** The leg and its offer a flight id names; undefined for anything the desk did not offer. */
function legById(flightId: string): { offer: Offer; leg: Leg } | undefined {
  if (!flightId.startsWith('ALT-')) return undefined;
  let ref: unknown;
  try {
    ref = JSON.parse(Buffer.from(flightId.slice(4), 'base64url').toString());
  } catch {
    return undefined;
  }
  if (!isFlightRef(ref)) return undefined;
  const [flightNumber, origin, destination, hour, offerIndex, legIndex] = ref;
  const offer = offersOf([flightNumber, origin, destination, hour])[offerIndex];
  const leg = offer?.legs[legIndex];
  return offer && leg ? { offer, leg } : undefined;
}

function rowsOf(question: Question, offer: Offer, offerIndex: number): AlternateFlight[] {
  return offer.legs.map((leg, legIndex) => {
    const next = offer.legs[legIndex + 1];
    return {
      flightId: idOf([...question, offerIndex, legIndex]),
      flightNumber: leg.flightNumber,
      linkId: offer.linkId,
      origin: leg.from.iata,
      destination: leg.to.iata,
      embarkDate: localOf(leg.departure, leg.from),
      arrivalDate: localOf(leg.arrival, leg.to),
      terminal: leg.terminal,
      stopAirport: next ? leg.to.iata : null,
      stopTime: next ? next.departure.diff(leg.arrival, 'minutes').minutes : null,
    };
  });
}

export function simulatedRebooking(clock: Clock): RebookingPort {
  return {
    async alternates({ flightNumber, origin, destination, afterUtc, seats }) {
      const after = Date.parse(afterUtc);
      if (Number.isNaN(after)) throw new Error(`Not an instant: ${afterUtc}`);
      const question: Question = [flightNumber, origin, destination, Math.ceil(after / HOUR_MS)];
      return offersOf(question).flatMap((offer, index) =>
        offer.freeSeats >= seats ? rowsOf(question, offer, index) : [],
      );
    },

    async rebook({ idempotencyKey, flightIds, guests }) {
      requireGuests(guests, 'rebooking');
      const found = flightIds.map(legById);
      // Gone: never offered, no longer enough seats, or already left.
      const gone = found.some(
        (f) =>
          !f ||
          f.offer.freeSeats < guests.length ||
          f.leg.departure.toMillis() <= clock.now().getTime(),
      );
      if (gone) return 'unavailable';
      const confirmationNumber = codeOf(`rebooking:${idempotencyKey}`, 6);
      return found.map((f): RebookedFlight => ({
        flightNumber: f!.leg.flightNumber,
        embarkDate: localOf(f!.leg.departure, f!.leg.from),
        originAirport: f!.leg.from.iata,
        destinationAirport: f!.leg.to.iata,
        confirmationNumber,
        confirmationMessage: codedText(RESOLUTION_TEXT_KEYS.rebooked, {
          count: guests.length,
          flight: f!.leg.flightNumber,
        }),
      }));
    },
  };
}
