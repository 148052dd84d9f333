import { TZDate } from '@date-fns/tz';
import { addMinutes, differenceInMinutes, formatISO, isValid, parseISO } from 'date-fns';

/**
 * Wall-clock times, as flights and forms hold them ('YYYY-MM-DD HH:mm', local to a place),
 * and the instants they name in an IANA time zone: computed by date-fns and @date-fns/tz,
 * whose zone rules come from the runtime's Intl, never by treating a local time as UTC. The
 * zone of a flight's times is its origin airport's (`reference/airports`); where a caller does
 * not know it, 'UTC' keeps the wall-clock arithmetic (no daylight-saving change on the way).
 */

/** 'YYYY-MM-DD', or with a time 'YYYY-MM-DDTHH:mm' ('T' or a space). */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]([01]\d|2[0-3]):(\d{2}))?$/;

/**
 * 'YYYY-MM-DDTHH:mm' of a real calendar moment (time 00:00 for a plain date), else null: no
 * 29 February outside a leap year, no 31 April, no 24:00. The calendar is the library's.
 */
export function parseWallClock(value: string): string | null {
  const m = WALL_CLOCK.exec(value.trim());
  if (!m) return null;
  const [, year, month, day, hour = '00', minute = '00'] = m;
  const at = `${year}-${month}-${day}T${hour}:${minute}`;
  return isValid(parseISO(at)) ? at : null;
}

const fields = (at: string) =>
  at.split(/[-T:]/).map(Number) as [number, number, number, number, number];

/**
 * The instant a wall-clock time names in `timeZone`; null when it is not a real time. A time
 * a spring-forward skips reads as the one an hour later (01:59 + 1 minute is 03:00).
 */
export function instantOf(value: string, timeZone = 'UTC'): TZDate | null {
  const at = parseWallClock(value);
  if (!at) return null;
  const [year, month, day, hour, minute] = fields(at);
  const instant = TZDate.tz(timeZone, year, month - 1, day, hour, minute);
  return isValid(instant) ? instant : null;
}

/** The wall-clock time 'YYYY-MM-DDTHH:mm' in `timeZone` at `instant`. */
export const wallClockAt = (instant: Date | number, timeZone = 'UTC'): string =>
  formatISO(new TZDate(+instant, timeZone)).slice(0, 16);

/**
 * Real minutes from one wall-clock time to another at the same place: 01:30 to 03:30 on the
 * night clocks go forward is 60. NaN when either is not a real time.
 */
export function minutesBetweenLocal(from: string, to: string, timeZone = 'UTC'): number {
  const start = instantOf(from, timeZone);
  const end = instantOf(to, timeZone);
  return start && end ? differenceInMinutes(end, start) : Number.NaN;
}

/** The wall-clock time `minutes` real minutes after `value` at the same place, else null. */
export function addLocalMinutes(value: string, minutes: number, timeZone = 'UTC'): string | null {
  const instant = instantOf(value, timeZone);
  return instant ? wallClockAt(addMinutes(instant, minutes), timeZone) : null;
}

/**
 * The runtime's own local time with its offset (ISO 8601), e.g. the sender's time of day on a
 * support request: 2026-11-23T05:00:00-05:00. At UTC the offset is written too (+00:00), not
 * date-fns's 'Z', so every such time names its offset the same way.
 */
export function localTimeWithOffset(instant: Date): string {
  const text = formatISO(instant);
  return text.endsWith('Z') ? `${text.slice(0, -1)}+00:00` : text;
}
