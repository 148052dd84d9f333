import QRCode from 'qrcode';
import { DateTime } from 'luxon';
import { codedText, RESOLUTION_TEXT_KEYS as TEXTS, type CodedText } from '@tern/domain';
import { airportByIata } from '@tern/domain/reference/airports';
import type { Lounge, LoungeBooking, LoungeBookingRequest, LoungesPort } from '../port.ts';
import { between, codeOf, pick, randomOf, requireGuests, shuffled } from './seed.ts';

/**
 * The simulated lounge network: at every airport of the reference data 1 to 3 lounges, the
 * same on every call, drawn from the airport's code. The demo airports keep their real
 * terminal layout so a lounge sits where a traveller looks for it; the others get a drawn one.
 * A lounge id names its airport and place (`LNG-YYZ-2`), so booking needs nothing stored.
 */

/** Real terminal names; null where the airport has one terminal (or signs none). */
const KNOWN_LAYOUTS: Record<string, (string | null)[]> = {
  YOW: [null],
  YHM: [null],
  YUL: [null],
  YYZ: ['1', '3'],
  YVR: [null],
  YYC: [null],
  YLW: [null],
  LHR: ['2', '3', '4', '5'],
  CDG: ['1', '2', '3'],
  JFK: ['1', '4', '5', '7', '8'],
};
/** What the other airports draw from: one terminal more often than several. */
const DRAWN_LAYOUTS: (string | null)[][] = [[null], [null], ['1', '2'], ['A', 'B'], ['M', 'B']];
const BRANDS = ['Plaza Premium Lounge', 'Aspire Lounge', 'Skyline Lounge', 'Escape Lounge'];
/** One lounge in this many is before security (landside). */
const LANDSIDE_ONE_IN = 6;

const layoutOf = (iata: string) =>
  KNOWN_LAYOUTS[iata] ?? pick(randomOf(`layout:${iata}`), DRAWN_LAYOUTS);

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Opening at 04:30 to 06:30 and closing at 21:00 to 23:30, later and shorter at weekends. */
function hoursOf(random: () => number): string {
  const opens = 270 + 30 * between(random, 0, 4);
  const closes = 1260 + 30 * between(random, 0, 5);
  if (random() < 0.3) return `Mon-Sun ${hhmm(opens)}-${hhmm(closes)}`;
  return `Mon-Fri ${hhmm(opens)}-${hhmm(closes)};Sat-Sun ${hhmm(opens + 60)}-${hhmm(closes - 60)}`;
}

function directionsOf(random: () => number, terminal: string | null, airside: boolean): CodedText {
  // Lettered terminals letter their gates too.
  const gate = `${terminal && /^[A-Z]$/.test(terminal) ? terminal : ''}${between(random, 2, 48)}`;
  if (!airside) return codedText(TEXTS.loungeLandside, { row: pick(random, ['B', 'C', 'D', 'F']) });
  const way = pick(random, [TEXTS.loungeEscalator, TEXTS.loungeLift]);
  return codedText(way, { level: between(random, 2, 4), gate });
}

/** The lounges of an airport, all terminals; none for an airport the reference data lacks. */
function loungesOf(iata: string): Lounge[] {
  if (!airportByIata.has(iata)) return [];
  const random = randomOf(`lounges:${iata}`);
  const layout = layoutOf(iata);
  const brands = shuffled(random, BRANDS);
  const count = between(random, 1, 3);
  return brands.slice(0, count).map((brand, index) => {
    // Spread over the terminals: the first lounges go to the first terminals.
    const terminal = layout[index % layout.length]!;
    const airside = Math.floor(random() * LANDSIDE_ONE_IN) !== 0;
    return {
      loungeId: `LNG-${iata}-${index + 1}`,
      airport: iata,
      terminal,
      name: terminal ? `${brand} Terminal ${terminal}` : brand,
      securityLocation: airside ? 'airside' : 'landside',
      businessHours: hoursOf(random),
      directions: directionsOf(random, terminal, airside),
      capacity: between(random, 20, 120),
    };
  });
}

/** The lounge an id names, if it is one. */
const loungeById = (loungeId: string): Lounge | undefined => {
  const iata = /^LNG-([A-Z]{3})-\d+$/.exec(loungeId)?.[1];
  return iata ? loungesOf(iata).find((lounge) => lounge.loungeId === loungeId) : undefined;
};

/** The passes of a booking: everything but the names comes from the key, so a retry matches. */
async function bookingOf(lounge: Lounge, request: LoungeBookingRequest): Promise<LoungeBooking> {
  const departure = DateTime.fromISO(request.departureUtc, { zone: 'utc' });
  if (!departure.isValid) throw new Error(`Not an instant: ${request.departureUtc}`);
  const codes = new Set<string>();
  const entries = [];
  let draw = 0;
  for (const guest of request.guests) {
    // Redrawn on the (unlikely) repeat: each guest's pass must scan as their own.
    let code: string;
    do code = `LNG-${codeOf(`lounge-pass:${request.idempotencyKey}:${draw++}`, 6)}`;
    while (codes.has(code));
    codes.add(code);
    const displayCodeUrl = await QRCode.toDataURL(code, { margin: 1, width: 256 });
    entries.push({
      firstName: guest.firstName,
      surname: guest.surname,
      displayCode: code,
      displayCodeUrl,
    });
  }
  return {
    reference: `LB${codeOf(`lounge-booking:${request.idempotencyKey}`, 8)}`,
    loungeId: lounge.loungeId,
    units: request.guests.length,
    entries,
    expiryDate: departure.plus({ hours: 1 }).toISO(),
  };
}

export function simulatedLounges(): LoungesPort {
  return {
    // A lounge of a one-terminal airport (terminal null) is in whatever terminal is asked for.
    list: async (airport, terminal) =>
      loungesOf(airport).filter(
        (lounge) => terminal === null || lounge.terminal === null || lounge.terminal === terminal,
      ),
    async book(request) {
      requireGuests(request.guests, 'lounge booking');
      const lounge = loungeById(request.loungeId);
      if (!lounge) return 'unknown';
      if (request.guests.length > lounge.capacity) return 'full';
      return bookingOf(lounge, request);
    },
  };
}
