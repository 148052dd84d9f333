import { createHash } from 'node:crypto';
import { and, asc, eq, lte } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { airportByIata } from '@tern/domain/reference/airports';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { AirportTime, FlightStatus, FlightsPort, ScheduledFlight } from '../port.ts';
import { simulatedDisruptions } from '../tables.ts';
import { scheduleOf } from './schedule.ts';

/** How long before departure an airline announces a disruption of its own. */
const ANNOUNCED_BEFORE_MINUTES = 180;
/** The longest delay the operator may set: a day. */
const MAX_DELAY_MINUTES = 24 * 60;

export type Disruption =
  { kind: 'delay'; minutes: number } | { kind: 'cancel' } | { kind: 'divert'; divertedTo: string };

type Effect = Disruption & { at: Date };

const utcOf = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' });

/** The scheduled flight of a number that leaves at an instant, whatever its local date. */
function scheduledFlight(flightNumber: string, departureUtc: string): ScheduledFlight | undefined {
  const departure = utcOf(departureUtc);
  if (!departure.isValid) return undefined;
  // Its local date is the UTC date or the day either side.
  for (const days of [0, -1, 1]) {
    const date = departure.plus({ days }).toISODate();
    const found = scheduleOf(flightNumber, date).find((flight) =>
      utcOf(flight.legs[0]!.departure.utc).equals(departure),
    );
    if (found) return found;
  }
  return undefined;
}

/**
 * The airline's own disruptions, at `rate` of flights: the same flights every run (a delay of
 * 30 to 300 minutes, one in ten a cancellation), announced three hours before departure.
 */
function ownDisruption(flightNumber: string, departureUtc: string, rate: number): Effect | null {
  if (rate <= 0) return null;
  const digest = createHash('sha256').update(`disrupt:${flightNumber}:${departureUtc}`).digest();
  const draw = (offset: number) => digest.readUInt32LE(offset) / 4_294_967_296;
  if (draw(0) >= rate) return null;
  const at = utcOf(departureUtc).minus({ minutes: ANNOUNCED_BEFORE_MINUTES }).toJSDate();
  if (draw(4) < 0.1) return { kind: 'cancel', at };
  return { kind: 'delay', minutes: 30 + 5 * Math.floor(draw(8) * 55), at };
}

const shifted = (time: AirportTime, minutes: number, zone: string): AirportTime => {
  const moved = utcOf(time.utc).plus({ minutes });
  return {
    local: moved.setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm"),
    utc: moved.toISO()!,
  };
};

/**
 * The embedded flight-status provider: the timetable of `schedule.ts`, moved on by the app's
 * clock (scheduled → departed → arrived), and disrupted by its operator's orders
 * (`simulatedDisruptions`) and, at `disruptionRate`, by the airline itself.
 */
export function simulatedFlights(deps: {
  db: Db;
  clock: Clock;
  disruptionRate: number;
}): FlightsPort {
  const { db, clock, disruptionRate } = deps;
  return {
    schedules: async (flightNumber, date) => scheduleOf(flightNumber, date),

    async status(flightNumber, departureUtc): Promise<FlightStatus | null> {
      const flight = scheduledFlight(flightNumber, departureUtc);
      if (!flight) return null;
      const now = clock.now();
      const first = flight.legs[0]!;
      const last = flight.legs.at(-1)!;
      const ordered = await db
        .select()
        .from(simulatedDisruptions)
        .where(
          and(
            eq(simulatedDisruptions.flightNumber, flightNumber),
            eq(simulatedDisruptions.departureUtc, new Date(first.departure.utc)),
            lte(simulatedDisruptions.createdAt, now),
          ),
        )
        .orderBy(asc(simulatedDisruptions.createdAt));
      const effects: Effect[] = ordered.map((row) =>
        row.kind === 'delay'
          ? { kind: 'delay', minutes: row.minutes ?? 0, at: row.createdAt }
          : row.kind === 'divert'
            ? { kind: 'divert', divertedTo: row.divertedTo ?? '', at: row.createdAt }
            : { kind: 'cancel', at: row.createdAt },
      );
      const own = ownDisruption(flightNumber, first.departure.utc, disruptionRate);
      if (own && own.at <= now) effects.unshift(own);
      effects.sort((a, b) => a.at.getTime() - b.at.getTime());

      let delayMinutes = 0;
      let divertedTo: string | null = null;
      let cancelledAt: Date | null = null;
      let changedAt: Date | null = null;
      for (const effect of effects) {
        changedAt = effect.at;
        if (effect.kind === 'delay') delayMinutes = effect.minutes;
        else if (effect.kind === 'divert') divertedTo = effect.divertedTo;
        else cancelledAt ??= effect.at;
      }
      const origin = airportByIata.get(first.origin)!;
      const departure = shifted(first.departure, delayMinutes, origin.timeZone);
      const arrivesAt = utcOf(last.arrival.utc).plus({ minutes: delayMinutes }).toJSDate();
      const leftAt = new Date(departure.utc);
      const state = cancelledAt
        ? 'cancelled'
        : now >= arrivesAt
          ? divertedTo
            ? 'diverted'
            : 'arrived'
          : now >= leftAt
            ? 'departed'
            : 'scheduled';
      // Taking off and landing are changes too, at their own times.
      if (state === 'departed') changedAt = leftAt;
      if (state === 'arrived' || state === 'diverted') changedAt = arrivesAt;
      return {
        state,
        departure,
        delayMinutes,
        divertedTo,
        changedAt: (cancelledAt ?? changedAt)?.toISOString() ?? null,
      };
    },
  };
}

/**
 * The operator's order (`npm run sim -- flight …`): a delay, a cancellation or a diversion of
 * one scheduled flight, in effect from now. Answers what was disrupted, or why not.
 */
export async function disruptFlight(
  db: Db,
  clock: Clock,
  order: { flightNumber: string; departureUtc: string } & Disruption,
): Promise<{ ok: true; flight: ScheduledFlight } | { ok: false; reason: string }> {
  const flight = scheduledFlight(order.flightNumber, order.departureUtc);
  if (!flight) return { ok: false, reason: `${order.flightNumber} does not leave then` };
  if (order.kind === 'delay' && !(order.minutes > 0 && order.minutes <= MAX_DELAY_MINUTES))
    return { ok: false, reason: `a delay is 1 to ${MAX_DELAY_MINUTES} minutes` };
  if (order.kind === 'divert' && !airportByIata.has(order.divertedTo))
    return { ok: false, reason: `no airport ${order.divertedTo}` };
  await db.insert(simulatedDisruptions).values({
    flightNumber: order.flightNumber,
    departureUtc: new Date(flight.legs[0]!.departure.utc),
    kind: order.kind,
    minutes: order.kind === 'delay' ? order.minutes : null,
    divertedTo: order.kind === 'divert' ? order.divertedTo : null,
    createdAt: clock.now(),
  });
  return { ok: true, flight };
}
