import { DateTime } from 'luxon';
import { codedText, RESOLUTION_TEXT_KEYS as TEXTS } from '@tern/domain';
import { airportByIata } from '@tern/domain/reference/airports';
import type { Hotel, HotelsPort } from '../port.ts';
import { between, codeOf, pick, randomOf, requireGuests, shuffled } from './seed.ts';

/**
 * The simulated airport hotels: every airport of the reference data has four hotels nearby,
 * always the same ones; each night 0 to 4 of them take stranded passengers, with 5 to 60
 * rooms free, drawn from the airport and the date. So at an ordinary airport one night in five
 * has no hotel at all — for example YQB (Quebec) on 2026-12-06 and YXU (London, Ontario) on
 * 2026-12-10, as the test keeps — while the demo airports below always have at least two.
 * An offer's id names its airport, night and hotel (`HTL-YOW-2026-12-01-2`): booking checks
 * it against the same draw, with nothing stored.
 */

/** Where a demo must find hotels on any night. */
export const HOTEL_DEMO_AIRPORTS: ReadonlySet<string> = new Set([
  'YOW',
  'YHM',
  'YUL',
  'YYZ',
  'LHR',
]);
const HOTELS_PER_AIRPORT = 4;

interface Night {
  hotel: Hotel;
  freeRooms: number;
}

const NAMES = [
  (city: string) => `${city} Airport Hotel`,
  (city: string) => `Grand ${city} Inn`,
  (city: string) => `${city} Airport Suites`,
  (city: string) => `The ${city} Gateway Hotel`,
  (city: string) => `Runway View Hotel ${city}`,
];

/** The airport's hotels, the same every night: name and the line a customer reads. */
function hotelsNear(iata: string, city: string) {
  const random = randomOf(`hotels:${iata}`);
  return shuffled(random, NAMES)
    .slice(0, HOTELS_PER_AIRPORT)
    .map((name) => {
      const km = between(random, 3, 60) / 10;
      // Close enough to walk, or a shuttle; breakfast one way or the other.
      const minutes = km < 1 ? null : pick(random, [15, 20, 30]);
      const included = random() < 0.6;
      const key = minutes
        ? included
          ? TEXTS.hotelShuttleBreakfast
          : TEXTS.hotelShuttleEarly
        : included
          ? TEXTS.hotelWalkBreakfast
          : TEXTS.hotelWalkEarly;
      return {
        name: name(city),
        description: codedText(key, {
          km,
          ...(minutes ? { minutes } : {}),
          ...(included ? {} : { breakfastTime: '05:30' }),
        }),
      };
    });
}

/** The offers of a night, by index among the airport's hotels; none for an unknown airport. */
function night(iata: string, date: string): Map<number, Night> {
  const airport = airportByIata.get(iata);
  const day = DateTime.fromISO(date, { zone: 'utc' });
  const offers = new Map<number, Night>();
  if (!airport || !day.isValid || day.toISODate() !== date) return offers;
  const hotels = hotelsNear(iata, airport.city || airport.name);
  const random = randomOf(`hotel-night:${iata}:${date}`);
  const drawn = between(random, 0, HOTELS_PER_AIRPORT);
  const count = HOTEL_DEMO_AIRPORTS.has(iata) ? Math.max(drawn, 2) : drawn;
  const taking = shuffled(random, [...hotels.keys()])
    .slice(0, count)
    .sort((a, b) => a - b);
  for (const index of taking)
    offers.set(index, {
      hotel: { alternateId: `HTL-${iata}-${date}-${index + 1}`, airport: iata, ...hotels[index]! },
      freeRooms: between(random, 5, 60),
    });
  return offers;
}

export function simulatedHotels(): HotelsPort {
  return {
    available: async (airport, date, rooms) =>
      [...night(airport, date).values()]
        .filter((offer) => offer.freeRooms >= rooms)
        .map((offer) => offer.hotel),

    async book(request) {
      requireGuests(request.guests, 'hotel booking');
      const parts = /^HTL-([A-Z]{3})-(\d{4}-\d{2}-\d{2})-(\d+)$/.exec(request.alternateId);
      const offer = parts && night(parts[1]!, parts[2]!).get(Number(parts[3]) - 1);
      if (!offer) return 'unavailable';
      return {
        name: offer.hotel.name,
        confirmationNumber: `H${codeOf(`hotel-booking:${request.idempotencyKey}`, 7)}`,
        confirmationMessage: codedText(TEXTS.hotelBooked, {
          count: request.guests.length,
          hotel: offer.hotel.name,
          checkIn: '15:00',
        }),
      };
    },
  };
}
