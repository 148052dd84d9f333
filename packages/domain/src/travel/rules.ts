import { DELAY_THRESHOLD_MS, TRIP_FLIGHTS, type TripType } from '../constants.ts';
import type { PartnerConfig } from '../partners/index.ts';
import { checkDate, checkDateTime } from '../rules/date.ts';
import { addLocalMinutes, minutesBetweenLocal, wallClockAt } from '../rules/local-time.ts';
import type { RuleMessage } from '../rules/message.ts';

/**
 * The travel rules of spec 2 §2.3, §4.1, §5 and §9, shared by the forms, the API and the
 * watcher: trip item counts, passenger limits, the flight badge and when a delay counts.
 */

/** The most trips a user may hold that have not yet ended (MAX_TRIPS_EXCEEDED beyond). */
export const MAX_OPEN_TRIPS = 30;
/** Cover is bought at least this long before departure (FLIGHT_TOO_SOON). */
export const FLIGHT_MIN_NOTICE_MINUTES = 120;
/** How far ahead airlines sell, so how far ahead a flight may be covered (FLIGHT_OUT_OF_DATE_RANGE). */
export const FLIGHT_MAX_DAYS_AHEAD = 330;

/** Where the day ends last, UTC−12 (IANA names it with the sign turned: Etc/GMT+12). */
const LATEST_ZONE = 'Etc/GMT+12';

/**
 * Now where the day ends last (UTC−12), 'YYYY-MM-DDTHH:mm': a local departure before it has
 * left wherever the airport is; the day of it, the earliest date a flight may still leave on.
 */
export const earliestLocalNow = (now: Date): string => wallClockAt(now, LATEST_ZONE);

/**
 * A flight's departure date as the wizard asks for it (spec 2 §5 "Departure date required;
 * date errors block submit"): required, a real date, and not in the past anywhere
 * (`validation.disabled_past`, spec 1 §5): a flight that has left is not "too soon" to cover.
 */
export const checkEmbarkDate = (value: string | null | undefined, now: Date) =>
  checkDate(value, { required: true, disablePast: true, today: earliestLocalNow(now) });

/** The same of a departure date and time entered by hand (local to the origin airport). */
export const checkEmbarkDateTime = (value: string | null | undefined, now: Date) =>
  checkDateTime(value, { required: true, disablePast: true, today: earliestLocalNow(now) });

/**
 * Whether cover may start for a flight leaving at `departure` (spec 2 §8): not once it has
 * left (`past`, the date field's disabled_past), not within FLIGHT_MIN_NOTICE_MINUTES of it
 * (`too_soon`, FLIGHT_TOO_SOON), not beyond FLIGHT_MAX_DAYS_AHEAD (`too_far`,
 * FLIGHT_OUT_OF_DATE_RANGE).
 */
export function departureTiming(
  departure: Date,
  now: Date,
): 'past' | 'too_soon' | 'too_far' | null {
  const minutesAway = (departure.getTime() - now.getTime()) / 60_000;
  if (minutesAway <= 0) return 'past';
  if (minutesAway < FLIGHT_MIN_NOTICE_MINUTES) return 'too_soon';
  if (minutesAway > FLIGHT_MAX_DAYS_AHEAD * 24 * 60) return 'too_far';
  return null;
}

/** The validation keys the travel rules and forms answer (spec 2 §5), with texts in every language. */
export const travelValidationKeys = [
  'validation.one_flight',
  'validation.one_passenger',
  'validation.max_flight_passengers',
  'validation.single_trip_flights',
  'validation.return_trip_flights',
  'validation.multi_trip_flights',
  'validation.tob',
  'validation.origin',
  'validation.date_for_selected_flight_required',
  'validation.max_passengers',
] as const;

/**
 * Spec 2 §5 "Trip type item counts": single exactly 1 flight, return at least 2, multi at
 * least 2; and none beyond the type's most (§9: return 2, multi 4).
 */
export function tripFlightsProblem(type: TripType, count: number): string | null {
  const { min, max } = TRIP_FLIGHTS[type];
  return count < min || count > max ? `validation.${type}_trip_flights` : null;
}

/** Whether another flight may be added to a trip of this type (spec 2 §4.1 add-flight button). */
export const canAddFlight = (type: TripType, count: number): boolean =>
  count < TRIP_FLIGHTS[type].max;

/**
 * Spec 2 §5 "Passengers": at least one; a non-employee may not choose more than `limit`
 * (the flight's totalPassengers when blinking, the policy's maxInsured when editing a trip;
 * no limit when absent or 0). Employees are exempt from the count.
 */
export function passengerCountProblem(options: {
  selected: number;
  employee: boolean;
  limit: number | null | undefined;
  /** The form: blink it (the complete-trip wizard) or the edit-trip dialog. */
  form: 'blink' | 'edit';
}): RuleMessage | null {
  const { selected, employee, limit, form } = options;
  if (selected < 1) return { key: 'validation.one_passenger' };
  if (employee || !limit || limit <= 0 || selected <= limit) return null;
  return form === 'blink'
    ? { key: 'validation.max_flight_passengers', values: { total: limit } }
    : { key: 'validation.max_passengers', values: { max: limit } };
}

/**
 * A flight's scheduled departure, local to its origin: `timeZone` is the origin airport's
 * where the caller knows it (the API); without it the times are compared as wall clocks.
 */
export interface ScheduledDeparture {
  embarkDate: string;
  embarkTime: string;
  timeZone?: string;
}

/**
 * The earliest new departure a customer may report for a delayed flight, local
 * 'YYYY-MM-DDTHH:mm': the wall-clock minute after the scheduled one (the same time is no
 * delay). On the wall clock, not in the origin's zone: the form, which knows no zones, and the
 * API then accept the same times, and a later wall-clock time is later in real minutes too
 * (a clock change never makes it earlier), which is what the delay is counted in.
 */
export function earliestDelayedDeparture(flight: ScheduledDeparture): string {
  const scheduled = `${flight.embarkDate}T${flight.embarkTime}`;
  return addLocalMinutes(scheduled, 1) ?? scheduled;
}

/**
 * Spec 2 §5 "Notify disruption": a delay needs the new departure the customer chose, a real
 * date and time after the scheduled one. The form and the API answer the same keys
 * (`validation.required`, `validation.invalid_date`, `validation.disabled_before` with the
 * earliest as {{date}}).
 */
export const checkDelayedDeparture = (
  value: string | null | undefined,
  flight: ScheduledDeparture,
): RuleMessage | null =>
  checkDateTime(value, { required: true, min: earliestDelayedDeparture(flight) });

/** Spec 2 §9: a flight is delayed when it leaves more than 1 minute after its scheduled time. */
export const isDelay = (delayMinutes: number): boolean =>
  delayMinutes * 60_000 > DELAY_THRESHOLD_MS;

export const FLIGHT_BADGES = [
  'scheduled',
  'departed',
  'delayed',
  'cancelled',
  'departed_delayed',
] as const;
export type FlightBadge = (typeof FLIGHT_BADGES)[number];

interface BadgeFlight {
  flightId: string;
  embarkDate: string;
  embarkTime: string;
  cancelled: 0 | 1;
  departed: 0 | 1;
  /** The origin airport's zone where known (see ScheduledDeparture). */
  timeZone?: string;
}
interface BadgeAlert {
  flightId: string;
  alertType: string;
  delayDate: string | null;
}

/**
 * Spec 2 §2.3 flight badge: Departed and Delayed when departed and a delay alert puts it more
 * than 1 minute after embark; Departed; Cancelled when cancelled and an alert exists; Delayed
 * when the alert has a delay date; otherwise Scheduled. `alerts` are the trip's, newest first.
 */
export function flightBadge(flight: BadgeFlight, alerts: readonly BadgeAlert[]): FlightBadge {
  const own = alerts.filter((a) => a.flightId === flight.flightId);
  const latest = own[0];
  const embark = `${flight.embarkDate} ${flight.embarkTime}`;
  const delayed = own.some(
    (a) =>
      a.alertType === 'DELAY' &&
      a.delayDate !== null &&
      isDelay(minutesBetweenLocal(embark, a.delayDate, flight.timeZone)),
  );
  if (flight.departed && delayed) return 'departed_delayed';
  if (flight.departed) return 'departed';
  if (flight.cancelled && latest) return 'cancelled';
  if (latest?.delayDate) return 'delayed';
  return 'scheduled';
}

/** Spec 2 §6: whether this user may add passengers under the partner's rule. */
export const mayAddPassengers = (
  rule: PartnerConfig['addPassengers'],
  user: { roles: readonly string[]; employee: boolean },
): boolean =>
  user.roles.some((role) => (rule.roles as readonly string[]).includes(role)) &&
  (!rule.employeesOnly || user.employee);
