import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../../lib/clock.ts';
import { flightsPortSuite } from '../port-suite.ts';
import { aeroDataBoxFlights, SEATS_UNKNOWN, type FlightContract } from './index.ts';

const KEY = 'rapidapi-k3y-never-shown';
const BASE = 'https://aerodatabox.p.rapidapi.com';

/**
 * Answers recorded in AeroDataBox's shape (`recorded/<number>-<date>.json`, the answer of
 * `GET /flights/number/<NUMBER>/<date>`):
 * - ac856-2026-02-01: a direct flight, with the day before's landing that day (dateLocalRole=Both);
 * - ws700-2026-02-03: a flight of two legs, Halifax → Toronto → Vancouver;
 * - ba117-2026-02-05: a flight delayed 105 minutes (revisedTime);
 * - lh470-2026-02-06: a cancelled flight;
 * - lh6791-2026-02-07: a code-share and the operating airline's entry of the same take-off.
 */
const recordedDir = new URL('./recorded/', import.meta.url);
const recorded = new Map(
  readdirSync(recordedDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const [, number, date] = /^([a-z0-9]+)-(\d{4}-\d{2}-\d{2})\.json$/.exec(file)!;
      const path = `/flights/number/${number!.toUpperCase()}/${date}`;
      return [path, readFileSync(new URL(file, recordedDir), 'utf8')] as const;
    }),
);
const recordedAnswer = (path: string) => JSON.parse(recorded.get(path)!) as FlightContract[];

interface Asked {
  url: URL;
  headers: Headers;
  signal: AbortSignal | null | undefined;
}

/**
 * A stand-in for AeroDataBox: the recorded answer of the path asked (or what `answer` says
 * for it), 204 for any other; every request kept.
 */
function provider(answer?: (path: string) => Response | undefined) {
  const asked: Asked[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    asked.push({ url, headers: new Headers(init?.headers), signal: init?.signal });
    const given = answer?.(url.pathname);
    if (given) return given;
    const body = recorded.get(url.pathname.replace(/^\/api\/v1\/aedbx\/aerodatabox/, ''));
    return body
      ? new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response(null, { status: 204 });
  }) as typeof globalThis.fetch;
  const port = aeroDataBoxFlights({ baseUrl: BASE, apiKey: KEY, fetch, clock: fakeClock() });
  return { port, asked, fetch };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

flightsPortSuite('aerodatabox (recorded answers)', async () => ({
  port: provider().port,
  close: async () => {},
  flown: [
    { flightNumber: 'AC856', date: '2026-02-01' },
    { flightNumber: 'WS700', date: '2026-02-03' },
    { flightNumber: 'BA117', date: '2026-02-05' },
    { flightNumber: 'LH470', date: '2026-02-06' },
    { flightNumber: 'LH6791', date: '2026-02-07' },
  ],
  // Nothing recorded: the stand-in answers 204, as AeroDataBox does for a number it does not know.
  unflown: { flightNumber: 'AC801', date: '2026-02-01' },
}));

describe('the AeroDataBox flights adapter', () => {
  it('asks GET /flights/number/{number}/{date} with the RapidAPI key and host', async () => {
    const { port, asked } = provider();
    await port.schedules('ac 856', '2026-02-01');
    expect(asked).toHaveLength(1);
    const [{ url, headers, signal }] = asked as [Asked];
    expect(url.origin).toBe(BASE);
    expect(url.pathname).toBe('/flights/number/AC856/2026-02-01');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      withAircraftImage: 'false',
      withLocation: 'false',
      dateLocalRole: 'Both',
    });
    expect(headers.get('x-rapidapi-key')).toBe(KEY);
    expect(headers.get('x-rapidapi-host')).toBe('aerodatabox.p.rapidapi.com');
    expect(signal).toBeInstanceOf(AbortSignal);
  });

  it('keeps the path of a base URL with one (another host of the same API)', async () => {
    const { fetch, asked } = provider();
    const port = aeroDataBoxFlights({
      baseUrl: 'https://prod.api.market/api/v1/aedbx/aerodatabox/',
      apiKey: KEY,
      fetch,
      clock: fakeClock(),
    });
    expect(await port.schedules('BA117', '2026-02-05')).toHaveLength(1);
    expect(asked[0]!.url.href).toBe(
      'https://prod.api.market/api/v1/aedbx/aerodatabox/flights/number/BA117/2026-02-05?withAircraftImage=false&withLocation=false&dateLocalRole=Both',
    );
    expect(asked[0]!.headers.get('x-rapidapi-host')).toBe('prod.api.market');
  });

  it("schedules a direct flight: that date's departure only, local and UTC times, terminal", async () => {
    // The answer also holds the day before's flight, which lands that day: not this date's.
    expect(await provider().port.schedules('AC856', '2026-02-01')).toEqual([
      {
        flightNumber: 'AC856',
        airline: 'AC',
        date: '2026-02-01',
        legs: [
          {
            origin: 'YYZ',
            destination: 'LHR',
            departure: { local: '2026-02-01T21:40', utc: '2026-02-02T02:40:00.000Z' },
            arrival: { local: '2026-02-02T09:35', utc: '2026-02-02T09:35:00.000Z' },
            terminal: '1',
            totalPassengers: SEATS_UNKNOWN,
          },
        ],
      },
    ]);
    expect(SEATS_UNKNOWN).toBe(853);
  });

  it('makes one flight of consecutive legs of the number, local time from the zone where none is given', async () => {
    expect(await provider().port.schedules('WS700', '2026-02-03')).toEqual([
      {
        flightNumber: 'WS700',
        airline: 'WS',
        date: '2026-02-03',
        legs: [
          {
            origin: 'YHZ',
            destination: 'YYZ',
            departure: { local: '2026-02-03T06:00', utc: '2026-02-03T10:00:00.000Z' },
            arrival: { local: '2026-02-03T07:05', utc: '2026-02-03T12:05:00.000Z' },
            terminal: null,
            totalPassengers: SEATS_UNKNOWN,
          },
          {
            origin: 'YYZ',
            destination: 'YVR',
            departure: { local: '2026-02-03T08:10', utc: '2026-02-03T13:10:00.000Z' },
            // The recorded arrival has no local time: from its airport's time zone.
            arrival: { local: '2026-02-03T10:25', utc: '2026-02-03T18:25:00.000Z' },
            terminal: '3',
            totalPassengers: SEATS_UNKNOWN,
          },
        ],
      },
    ]);
  });

  it('keeps a number flying the same route twice a day as two flights, not one of two legs', async () => {
    const [morning] = recordedAnswer('/flights/number/BA117/2026-02-05');
    const evening = structuredClone(morning!);
    evening.departure.scheduledTime = { utc: '2026-02-05 20:00Z', local: '2026-02-05 20:00+00:00' };
    evening.arrival.scheduledTime = { utc: '2026-02-06 04:00Z', local: '2026-02-05 23:00-05:00' };
    const { port } = provider(() => json([evening, morning]));
    const flights = await port.schedules('BA117', '2026-02-05');
    expect(
      flights.map((f) => f.legs.map((l) => `${l.origin}-${l.destination} ${l.departure.local}`)),
    ).toEqual([['LHR-JFK 2026-02-05T11:20'], ['LHR-JFK 2026-02-05T20:00']]);
  });

  it('takes the operating airline’s entry over a code-share of the same take-off', async () => {
    const { port } = provider();
    expect(await port.schedules('LH6791', '2026-02-07')).toEqual([
      {
        flightNumber: 'LH6791',
        airline: 'AC',
        date: '2026-02-07',
        legs: [
          {
            origin: 'YYZ',
            destination: 'FRA',
            departure: { local: '2026-02-07T18:10', utc: '2026-02-07T23:10:00.000Z' },
            arrival: { local: '2026-02-08T07:50', utc: '2026-02-08T06:50:00.000Z' },
            terminal: '1',
            totalPassengers: SEATS_UNKNOWN,
          },
        ],
      },
    ]);
    expect(await port.status('LH6791', '2026-02-07T23:10:00.000Z')).toEqual({
      state: 'scheduled',
      departure: { local: '2026-02-07T18:45', utc: '2026-02-07T23:45:00.000Z' },
      delayMinutes: 35,
      divertedTo: null,
      changedAt: '2026-02-07T21:48:00.000Z',
    });
  });

  it('still knows a take-off the answer gives only as a code-share', async () => {
    const [codeshare] = recordedAnswer('/flights/number/LH6791/2026-02-07');
    const { port } = provider(() => json([codeshare]));
    const [flight] = await port.schedules('LH6791', '2026-02-07');
    expect(flight).toMatchObject({ flightNumber: 'LH6791', airline: 'LH' });
    expect(flight!.legs[0]).toMatchObject({ origin: 'YYZ', destination: 'FRA', terminal: null });
  });

  it('says a flight as the timetable has it is scheduled, on time, unchanged', async () => {
    const { port, asked } = provider();
    expect(await port.status('AC856', '2026-02-02T02:40:00.000Z')).toEqual({
      state: 'scheduled',
      departure: { local: '2026-02-01T21:40', utc: '2026-02-02T02:40:00.000Z' },
      delayMinutes: 0,
      divertedTo: null,
      changedAt: null,
    });
    // Its UTC date first, then the local date before it, where it is found.
    expect(asked.map((a) => a.url.pathname)).toEqual([
      '/flights/number/AC856/2026-02-02',
      '/flights/number/AC856/2026-02-01',
    ]);
  });

  it('says a delay: the revised departure, in minutes, as of the last update', async () => {
    expect(await provider().port.status('BA117', '2026-02-05T11:20:00Z')).toEqual({
      state: 'scheduled',
      departure: { local: '2026-02-05T13:05', utc: '2026-02-05T13:05:00.000Z' },
      delayMinutes: 105,
      divertedTo: null,
      changedAt: '2026-02-05T09:12:00.000Z',
    });
  });

  it('says a cancellation', async () => {
    expect(await provider().port.status('LH470', '2026-02-06T09:05:00.000Z')).toEqual({
      state: 'cancelled',
      departure: { local: '2026-02-06T10:05', utc: '2026-02-06T09:05:00.000Z' },
      delayMinutes: 0,
      divertedTo: null,
      changedAt: '2026-02-05T18:40:00.000Z',
    });
  });

  it("maps each of AeroDataBox's statuses to the port's states", async () => {
    const states: Record<string, string> = {
      Unknown: 'scheduled',
      Expected: 'scheduled',
      CheckIn: 'scheduled',
      Boarding: 'scheduled',
      GateClosed: 'scheduled',
      Delayed: 'scheduled',
      Departed: 'departed',
      EnRoute: 'departed',
      Approaching: 'departed',
      Arrived: 'arrived',
      Canceled: 'cancelled',
      CanceledUncertain: 'cancelled',
      Diverted: 'diverted',
    };
    const [flight] = recordedAnswer('/flights/number/LH470/2026-02-06');
    for (const [status, state] of Object.entries(states)) {
      const { port } = provider(() => json([{ ...flight, status }]));
      const answer = await port.status('LH470', '2026-02-06T09:05:00.000Z');
      expect(answer?.state, status).toBe(state);
      // AeroDataBox names no diversion airport.
      expect(answer?.divertedTo, status).toBeNull();
    }
  });

  it('does not count the take-off (runwayTime) as a delay', async () => {
    const [flight] = recordedAnswer('/flights/number/LH470/2026-02-06');
    const departed = {
      ...flight,
      status: 'Departed',
      departure: {
        ...flight!.departure,
        runwayTime: { utc: '2026-02-06 09:24Z', local: '2026-02-06 10:24+01:00' },
      },
    };
    const { port } = provider(() => json([departed]));
    expect(await port.status('LH470', '2026-02-06T09:05:00.000Z')).toMatchObject({
      state: 'departed',
      delayMinutes: 0,
      departure: { local: '2026-02-06T10:05', utc: '2026-02-06T09:05:00.000Z' },
    });
  });

  it('knows nothing of a flight not leaving then, nor of a number it answers 204 or 404 for', async () => {
    const { port, asked } = provider();
    expect(await port.status('AC856', '2026-02-02T02:41:00.000Z')).toBeNull();
    expect(asked.map((a) => a.url.pathname)).toEqual([
      '/flights/number/AC856/2026-02-02',
      '/flights/number/AC856/2026-02-01',
      '/flights/number/AC856/2026-02-03',
    ]);
    expect(await port.status('AC856', 'not a time')).toBeNull();
    const missing = provider(() => new Response('{"message":"Flight not found"}', { status: 404 }));
    expect(await missing.port.schedules('AC856', '2026-02-01')).toEqual([]);
    expect(await missing.port.status('AC856', '2026-02-02T02:40:00.000Z')).toBeNull();
  });

  it('throws on any other answer with its status, never the key', async () => {
    for (const status of [401, 429, 500, 503]) {
      const { port } = provider(() => new Response(`{"message":"bad key ${KEY}"}`, { status }));
      const attempt = port.schedules('AC856', '2026-02-01');
      await expect(attempt).rejects.toThrow(
        `AeroDataBox for AC856 on 2026-02-01 failed: HTTP ${status}`,
      );
      await expect(attempt).rejects.not.toThrow(KEY);
    }
    const odd = provider(() => json({ message: 'not a list' }));
    await expect(odd.port.schedules('AC856', '2026-02-01')).rejects.toThrow(/unexpected shape/);
    const html = provider(() => new Response('<html>', { status: 200 }));
    await expect(html.port.schedules('AC856', '2026-02-01')).rejects.toThrow(/other than JSON/);
  });

  it('throws when AeroDataBox does not answer in time or cannot be reached', async () => {
    const failing = (error: Error) =>
      aeroDataBoxFlights({
        baseUrl: BASE,
        apiKey: KEY,
        fetch: async () => {
          throw error;
        },
        clock: fakeClock(),
      });
    const timeout = failing(new DOMException('The operation timed out.', 'TimeoutError'));
    await expect(timeout.schedules('AC856', '2026-02-01')).rejects.toThrow(
      'AeroDataBox for AC856 on 2026-02-01 failed: no answer within 10 s',
    );
    const refused = failing(
      Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }),
    );
    await expect(refused.status('AC856', '2026-02-02T02:40:00.000Z')).rejects.toThrow(
      /failed: ECONNREFUSED$/,
    );
  });
});
