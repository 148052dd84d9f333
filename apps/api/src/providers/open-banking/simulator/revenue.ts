import { createHash } from 'node:crypto';
import { DAY_MS, type TriggerType } from '@tern/domain';

/**
 * The simulated bank's takings: what a hospitality business (a café, a pub, a small hotel)
 * receives a day into its accounts, in pence, worked out from the business and the date
 * alone — so the same business reads the same history through any consent, at any time —
 * and lowered after each parametric event at its premises, so that a claim's actual revenue
 * falls below what its history would have predicted.
 */

/** An event at the business's premises, as the trigger feed measured it. */
export interface RevenueDisruption {
  /** When it was measured (ISO 8601). */
  at: string;
  type: TriggerType;
  /** In the type's unit: centimetres of water, minutes without power or access. */
  measuredValue: number;
}

/** The events at a business's premises (the trigger simulator's, wired by the claims area). */
export type DisruptionsOf = (businessRef: string) => Promise<RevenueDisruption[]>;

/** A typical day's takings, before the factors: £900 to £2,400, by business. */
const BASE_MIN = 90_000;
const BASE_MAX = 240_000;

/** Sunday first (`getUTCDay`): quiet early in the week, busy on Friday and Saturday. */
const WEEKDAY = [1.05, 0.72, 0.78, 0.88, 0.98, 1.3, 1.45] as const;

/** January first: a summer high, a December peak (parties), a January and February low. */
const SEASON = [0.78, 0.8, 0.9, 0.97, 1.03, 1.12, 1.22, 1.25, 1.05, 0.95, 0.97, 1.2] as const;

/** Growth a year, by business: a slow trend of 1 % to 5 %. */
const GROWTH_MIN = 0.01;
const GROWTH_MAX = 0.05;
/** When the trend is 1: growth compounds from here, before and after. */
const TREND_ORIGIN = Date.UTC(2025, 0, 1);

/** A day's noise: ±5 %. */
const NOISE = 0.05;

/**
 * After an event: takings down by `depth` for the first days, then back to normal in a
 * straight line over the following weeks. Water above 30 cm (ruined stock, a closed floor)
 * hits harder than a power cut or a closure order.
 */
const HARD_DAYS = 14;
const RECOVERY_DAYS = 70;
const DEPTH = 0.7;
const DEEP_FLOOD_CM = 30;
const DEEP_FLOOD_DEPTH = 0.9;

/** A number in [0, 1) that depends only on `seed`. */
const unitOf = (seed: string): number =>
  createHash('sha256').update(seed).digest().readUInt32BE(0) / 4_294_967_296;

/** The days since 1970-01-01 of a `YYYY-MM-DD` day, or of the UTC day of a moment. */
const dayNumberOf = (time: number): number => Math.floor(time / DAY_MS);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of `YYYY-MM-DD`; a clear error for anything else (`2026-02-30` too). */
export function parseDay(day: string): number {
  const match = DAY.exec(day);
  const time = match ? Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!) : NaN;
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day)
    throw new RangeError(`Not a day (YYYY-MM-DD): ${day}`);
  return dayNumberOf(time);
}

/** How much of a normal day's takings a day keeps after the events (1: untouched). */
function disruptionFactor(dayNumber: number, events: readonly { day: number; depth: number }[]) {
  let factor = 1;
  for (const event of events) {
    const since = dayNumber - event.day;
    if (since < 0 || since >= HARD_DAYS + RECOVERY_DAYS) continue;
    const loss =
      since < HARD_DAYS
        ? event.depth
        : (event.depth * (HARD_DAYS + RECOVERY_DAYS - since)) / RECOVERY_DAYS;
    factor *= 1 - loss;
  }
  return factor;
}

/**
 * The takings of `businessRef` on each day from `first` to `last` (day numbers, both
 * included), summed, in pence: each day rounded on its own, as the bank credits it.
 */
export function takings(
  businessRef: string,
  first: number,
  last: number,
  disruptions: readonly RevenueDisruption[],
): number {
  const base = BASE_MIN + Math.floor(unitOf(`base:${businessRef}`) * (BASE_MAX - BASE_MIN + 1));
  const growth = GROWTH_MIN + unitOf(`growth:${businessRef}`) * (GROWTH_MAX - GROWTH_MIN);
  const events = disruptions.map((event) => {
    const time = Date.parse(event.at);
    if (Number.isNaN(time)) throw new RangeError(`A disruption at no time: ${event.at}`);
    const deep = event.type === 'flood' && event.measuredValue > DEEP_FLOOD_CM;
    return { day: dayNumberOf(time), depth: deep ? DEEP_FLOOD_DEPTH : DEPTH };
  });
  let sum = 0;
  for (let dayNumber = first; dayNumber <= last; dayNumber++) {
    const date = new Date(dayNumber * DAY_MS);
    const years = (date.getTime() - TREND_ORIGIN) / (365.25 * DAY_MS);
    const noise = 1 + (unitOf(`noise:${businessRef}:${dayNumber}`) * 2 - 1) * NOISE;
    sum += Math.round(
      base *
        WEEKDAY[date.getUTCDay()]! *
        SEASON[date.getUTCMonth()]! *
        (1 + growth) ** years *
        noise *
        disruptionFactor(dayNumber, events),
    );
  }
  return sum;
}
