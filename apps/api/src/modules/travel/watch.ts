import { DateTime } from 'luxon';
import {
  AppError,
  checkDelayedDeparture,
  isDelay,
  minutesBetweenLocal,
  type FlightAlert,
  type FlightAlertRequest,
  type FlightAlertType,
} from '@tern/domain';
import { airportByIata } from '@tern/domain/reference/airports';
import type { Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LiveEvents } from '../../live/events.ts';
import type { Owner } from '../../plugins/contracts.ts';
import type { FlightState, FlightsPort } from '../../providers/flights/port.ts';
import type { PartnerEvents } from '../partners/index.ts';
import { toFlightAlert } from './mappers.ts';
import type { FlightAlertRow, FlightRow, StatusKey, TravelRepo } from './repo.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Provider flights one watcher looks at at once. */
const CYCLE_CONCURRENCY = 8;

/** States after which the provider has nothing more to say. */
const FINAL: readonly FlightState[] = ['arrived', 'diverted', 'cancelled'];

/**
 * When to ask the provider next about a flight leaving at `departureUtc` (delay included):
 * twice a day until three days out, then more often as departure nears, every 15 minutes in
 * the air; never again once it has landed or been cancelled, or two days after a departure
 * the provider never saw. Most insured flights leave days away, so most cycles skip them.
 */
export function nextCheckAt(now: Date, departureUtc: Date, state: FlightState): Date | null {
  if (FINAL.includes(state)) return null;
  const at = (ms: number) => new Date(now.getTime() + ms);
  if (state === 'departed') return at(15 * MINUTE);
  const away = departureUtc.getTime() - now.getTime();
  if (away < -48 * HOUR) return null;
  if (away > 72 * HOUR)
    return new Date(Math.min(now.getTime() + 12 * HOUR, departureUtc.getTime() - 72 * HOUR));
  if (away > 24 * HOUR) return at(3 * HOUR);
  if (away > 6 * HOUR) return at(HOUR);
  if (away > HOUR) return at(15 * MINUTE);
  return at(5 * MINUTE);
}

/**
 * Spec 2 §3 "Flight alert" from what the provider says: a cancellation; a delay of more than
 * a minute (§9); on time once it has left within the minute; nothing while it waits on time.
 */
export function alertTypeOf(state: FlightState, delayMinutes: number): FlightAlertType | null {
  if (state === 'cancelled') return 'CANCELLATION';
  if (isDelay(delayMinutes)) return 'DELAY';
  if (state !== 'scheduled') return 'ONTIME';
  return null;
}

/** `YYYY-MM-DD HH:mm` at the flight's origin, `minutes` after its scheduled departure. */
const localDeparture = (flight: FlightRow, minutes: number): string =>
  DateTime.fromJSDate(new Date(flight.departureUtc.getTime() + minutes * MINUTE))
    .setZone(airportByIata.get(flight.origin)?.timeZone ?? 'utc')
    .toFormat('yyyy-MM-dd HH:mm');

type Tell = (owner: Owner, flight: FlightRow, alert: FlightAlert) => Promise<void>;

/**
 * Live detection (spec 2 §4.5; issue: "a durable job watches every insured flight"): asks the
 * flights port about each insured flight as its cadence comes due, keeps every status it
 * hears as the flight's history, records an alert once per change, tells the user and their
 * open pages. Customers' own reports land in the same history and alerts.
 */
export function watchService(deps: {
  repo: TravelRepo;
  flights: FlightsPort;
  clock: Clock;
  live: LiveEvents;
  /** A disruption recorded is the partner's `flight.disrupted`, in the alert's transaction. */
  events: PartnerEvents;
  /** Tells the user of a new DELAY or CANCELLATION (queued as a message). */
  tell: Tell;
  /** A new DELAY or CANCELLATION was recorded (the resolutions engine answers it). */
  alerted?: (alert: FlightAlertRow) => Promise<void>;
}) {
  const { repo, flights, clock, live } = deps;
  const publish = async (userIds: Iterable<string>) => {
    for (const userId of new Set(userIds)) await live.publish(userId, ['TRIPS']);
  };

  /**
   * Records a row's alert once; answers it when it is new. A disruption marks the flight
   * alerted and raises the partner's event with it, then the listeners hear of it.
   */
  const record = async (
    owner: Owner,
    flight: FlightRow,
    alertType: FlightAlertType,
    delayDate: string | null,
    source: 'provider' | 'customer',
  ) => {
    const disrupted =
      alertType === 'ONTIME'
        ? undefined
        : (tx: Tx, alert: FlightAlertRow) =>
            deps.events.emit(
              {
                partnerId: owner.partnerId,
                type: 'flight.disrupted',
                data: {
                  alertId: alert.id,
                  flightId: flight.id,
                  tripId: flight.tripId,
                  userId: owner.userId,
                  alertType,
                  delayDate,
                  source,
                },
              },
              tx,
            );
    const created = await repo.insertAlert(
      { flightId: flight.id, alertType, delayDate, source, createdAt: clock.now() },
      disrupted,
    );
    if (created && alertType !== 'ONTIME') await deps.alerted?.(created);
    return created;
  };

  /** One provider flight: ask once, apply to every insured row of it. Answers the rows seen. */
  async function checkKey(key: StatusKey): Promise<number> {
    const rows = await repo.flightsOfKey(key);
    if (rows.length === 0) return 0;
    const ids = rows.map((row) => row.id);
    const status = await flights.status(key.flightNumber, key.statusKeyUtc.toISOString());
    const now = clock.now();
    if (!status) {
      // The provider no longer knows it: the customer reports it from now on (Update status).
      await repo.updateFlights(ids, { isMonitored: false, notified: true, nextCheckAt: null }, now);
      await publish(rows.map((row) => row.userId));
      return rows.length;
    }
    const changed = await repo.recordStatus(
      ids,
      {
        providerState: status.state,
        delayMinutes: status.delayMinutes,
        departed: ['departed', 'arrived', 'diverted'].includes(status.state),
        cancelled: status.state === 'cancelled',
        nextCheckAt: nextCheckAt(now, new Date(status.departure.utc), status.state),
      },
      now,
    );
    if (changed.length === 0) return rows.length;
    await repo.insertStatusChanges(
      changed.map((row) => ({
        flightId: row.id,
        state: status.state,
        delayMinutes: status.delayMinutes,
        departureLocal: localDeparture(row, status.delayMinutes),
        divertedTo: status.divertedTo,
        source: 'provider',
        changedAt: status.changedAt ? new Date(status.changedAt) : null,
        recordedAt: now,
      })),
    );
    const alertType = alertTypeOf(status.state, status.delayMinutes);
    if (alertType)
      for (const row of changed) {
        const delayDate = alertType === 'DELAY' ? localDeparture(row, status.delayMinutes) : null;
        const owner = rows.find((r) => r.id === row.id)!;
        const created = await record(owner, row, alertType, delayDate, 'provider');
        if (created && alertType !== 'ONTIME') {
          await deps.tell(owner, row, toFlightAlert(created));
          await repo.updateFlights([row.id], { notified: true }, now);
        }
      }
    await publish(rows.filter((r) => changed.some((c) => c.id === r.id)).map((r) => r.userId));
    return rows.length;
  }

  return {
    checkKey,

    /**
     * One watch cycle: every provider flight due a look, a batch at a time, until none is
     * due. Answers how many provider flights and insured rows it looked at.
     */
    async cycle(batch = 200): Promise<{ keys: number; flights: number }> {
      let keys = 0;
      let seen = 0;
      const started = clock.now();
      for (;;) {
        const due = await repo.dueStatusKeys(started, batch);
        if (due.length === 0) break;
        // A few at a time: each look is mostly waiting on the provider and the database.
        for (let i = 0; i < due.length; i += CYCLE_CONCURRENCY) {
          const counts = await Promise.all(due.slice(i, i + CYCLE_CONCURRENCY).map(checkKey));
          seen += counts.reduce((a, b) => a + b, 0);
        }
        keys += due.length;
        if (due.length < batch) break;
      }
      return { keys, flights: seen };
    },

    /** `POST …/alert`: the customer's own report, kept like the provider's (source customer). */
    async customerAlert(
      owner: Owner,
      tripId: string,
      flightId: string,
      request: FlightAlertRequest,
    ): Promise<FlightAlert> {
      const trip = await repo.findTrip(owner, tripId);
      if (!trip) throw new AppError('TRIP_NOT_FOUND', { message: `No trip ${tripId}` });
      const flight = (await repo.flightsOf([tripId])).find((f) => f.id === flightId && f.active);
      if (!flight) throw new AppError('FLIGHT_NOT_FOUND', { message: `No flight ${flightId}` });
      if (flight.cancelled || (request.alertType === 'ONTIME' && flight.alerted))
        throw new AppError('FLIGHT_ALERTED_OR_DEPARTED', {
          message: flight.cancelled ? 'This flight is cancelled' : 'This flight has an alert',
        });
      const embark = `${flight.embarkDate} ${flight.embarkTime}`;
      // Both times are local to the origin: a delay across a clock change counts real minutes.
      const timeZone = airportByIata.get(flight.origin)?.timeZone;
      const late =
        request.alertType === 'DELAY'
          ? checkDelayedDeparture(request.delayDate, { ...flight, timeZone })
          : null;
      if (late)
        throw new AppError('INVALID_PARAMS', {
          message: 'A delayed flight leaves after its scheduled time',
          field: 'delayDate',
          details: [{ field: 'delayDate', message: late.key }],
        });
      const minutes =
        request.alertType === 'DELAY'
          ? minutesBetweenLocal(embark, request.delayDate, timeZone)
          : 0;
      const now = clock.now();
      const delayDate = request.alertType === 'DELAY' ? request.delayDate : null;
      const created = await record(owner, flight, request.alertType, delayDate, 'customer');
      const alert =
        created ??
        (await repo.alertsOf([flight.id])).find(
          (a) => a.alertType === request.alertType && a.delayDate === delayDate,
        )!;
      if (created) {
        const state =
          request.alertType === 'CANCELLATION'
            ? 'cancelled'
            : (flight.providerState ?? 'scheduled');
        await repo.insertStatusChanges([
          {
            flightId: flight.id,
            state,
            delayMinutes: minutes,
            departureLocal: delayDate ?? embark,
            divertedTo: null,
            source: 'customer',
            changedAt: null,
            recordedAt: now,
          },
        ]);
        await repo.updateFlights(
          [flight.id],
          { cancelled: request.alertType === 'CANCELLATION', delayMinutes: minutes },
          now,
        );
        await publish([owner.userId]);
      }
      return toFlightAlert(alert);
    },

    /** The user's open flights matching, to look at now (`notify-alert`). */
    async flightsToCheck(
      owner: Owner,
      match: { flightNumber: string; embarkDate: string; origin: string },
    ): Promise<{ all: number; keys: StatusKey[] }> {
      const rows = await repo.userFlightsMatching(owner, match);
      if (rows.length === 0)
        throw new AppError('NO_TRIPS_FOR_FLIGHT', {
          message: `None of your trips has ${match.flightNumber} on ${match.embarkDate}`,
        });
      const keys = rows
        .filter((row) => row.statusKeyUtc && row.nextCheckAt)
        .map((row) => ({ flightNumber: row.flightNumber, statusKeyUtc: row.statusKeyUtc! }));
      return { all: rows.length, keys };
    },
  };
}
export type WatchService = ReturnType<typeof watchService>;
