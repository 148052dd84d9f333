import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DONE_STATUSES } from '@tern/domain';
import { versionOf, type Versioned } from '../../db/answer-cache.ts';
import type { BagView, FlightView } from './view-types.ts';
import type { Db } from '../../db/client.ts';
import { ATTEMPT_KEY_PREFIX, CAP_HOLDING, capKeyOfTrip } from './repo.ts';
import { lostBags } from '../luggage/tables.ts';
import { payments } from '../payouts/tables.ts';
import {
  flightAlerts,
  flightStatusChanges,
  flights,
  passengers,
  tripPassengers,
  trips,
} from '../travel/tables.ts';
import { loungePasses, resolutionEvents, resolutions } from './tables.ts';

/**
 * The read behind every resolution answer (`GET /platform/resolutions/options` and the answer
 * of each move): the trip, the flight, its options with their changes, passes and payments,
 * the flight's alert and status history, the passengers and the cap used — built by
 * PostgreSQL as one JSON value in one prepared statement (issue 25 item 2: it was about ten
 * queries plus one per payment). Only what the answer shows is read. A lost bag's answer is
 * read alike: its options with their changes and payments, its trip's policy and cap used.
 */

/** An instant as the API writes it (`2026-01-15T12:00:00.000Z`), or null. */
const iso = (column: AnyPgColumn | SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const r = resolutions;
const empty = sql`'[]'::json`;
/**
 * What was offered to pick from is shown while the insured picks (OptionsSent, or again after
 * a failure); what a booking or claim came back with once it is done: neither is read else.
 */
const DONE = sql.raw(`(${DONE_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/**
 * The options of a flight or a bag (`where`), then their changes, passes and payments, each
 * read once for all of them (a subquery per option cost more than the rows it read).
 */
function optionParts(where: SQL) {
  const options = sql`(select coalesce(json_agg(json_build_object(
      'id', ${r.id}, 'flightId', ${r.flightId}, 'type', ${r.type}, 'status', ${r.status},
      'dependency', ${r.dependency}, 'amount', ${r.amount}, 'points', ${r.points},
      'currency', ${r.currency}, 'manual', ${r.manual}, 'chosenType', ${r.chosenType},
      'paidAmount', ${r.paidAmount}, 'capped', ${r.capped}, 'loungeId', ${r.loungeId},
      'payoutMethodId', ${r.payoutMethodId}, 'paymentId', ${r.paymentId},
      'firstName', ${r.firstName}, 'surname', ${r.surname}, 'rejected', ${r.rejected},
      'callMe', ${r.callMe}, 'flightIds', ${r.flightIds}, 'alternateId', ${r.alternateId},
      'stage', ${r.stage}, 'stageHours', ${r.stageHours},
      'offers', case when ${r.status} in ('OptionsSent', 'Failed') then ${r.offers} end,
      'outcome', case when ${r.status} in ${DONE} then ${r.outcome} end,
      'created', ${iso(r.createdAt)})
      order by ${r.position}, ${r.createdAt}), ${empty})
    from ${r} where ${where})`;
  const events = sql`(select coalesce(json_agg(json_build_object(
      'resolutionId', ${resolutionEvents.resolutionId}, 'at', ${iso(resolutionEvents.at)},
      'from', ${resolutionEvents.fromStatus}, 'to', ${resolutionEvents.toStatus},
      'actor', ${resolutionEvents.actor}, 'agentId', ${resolutionEvents.agentId},
      'reason', ${resolutionEvents.reason})
      order by ${resolutionEvents.at} desc, ${resolutionEvents.seq} desc), ${empty})
    from ${r} join ${resolutionEvents} on ${resolutionEvents.resolutionId} = ${r.id}
    where ${where})`;
  const passes = sql`(select coalesce(json_agg(json_build_object(
      'resolutionId', ${loungePasses.resolutionId}, 'passId', ${loungePasses.id},
      'firstName', ${loungePasses.firstName}, 'surname', ${loungePasses.surname})
      order by ${loungePasses.createdAt}, ${loungePasses.id}), ${empty})
    from ${r} join ${loungePasses} on ${loungePasses.resolutionId} = ${r.id}
    where ${where} and ${r.type} like '%LOUNGE%')`;
  // Only options that pay cash have payments; the user's payments are few (their index).
  const paid = sql`(select coalesce(json_agg(json_build_object(
      'resolutionId', ${r.id}, 'paymentId', ${payments.id}, 'status', ${payments.status},
      'amount', ${payments.amount}, 'currency', ${payments.currency},
      'requestedAt', ${iso(payments.requestedAt)}, 'sentAt', ${iso(payments.sentAt)},
      'settledAt', ${iso(payments.settledAt)}, 'failedAt', ${iso(payments.failedAt)},
      'failureText', ${payments.failureText})
      order by ${payments.requestedAt}, ${payments.id}), ${empty})
    from ${r} join ${payments} on ${payments.userId} = ${r.userId}
      and ${payments.partnerId} = ${r.partnerId}
      and ${payments.idempotencyKey} like ${ATTEMPT_KEY_PREFIX} || ${r.id}::text || '-%'
    where ${where} and ${r.amount} is not null)`;
  return sql`'options', ${options}, 'events', ${events}, 'passes', ${passes}, 'payments', ${paid}`;
}

/** The cash the trip's policy has paid or has asked for: with `trips` in the query. */
const capUsed = sql`(select coalesce(sum(${r.paidAmount}), 0) from ${r}
    where ${r.partnerId} = ${trips.partnerId} and ${r.capKey} = ${capKeyOfTrip}
      and ${r.status} in (${sql.join(
        CAP_HOLDING.map((status) => sql`${status}`),
        sql`, `,
      )}))`;

export function resolutionViewsRepo(db: Db) {
  const flightId = sql.placeholder('flightId');
  const flight = sql`(select json_build_object(
      'flightId', ${flights.id}, 'tripId', ${flights.tripId},
      'flightNumber', ${flights.flightNumber}, 'embarkDate', ${flights.embarkDate},
      'embarkTime', ${flights.embarkTime}, 'origin', ${flights.origin},
      'destination', ${flights.destination}, 'terminal', ${flights.terminal},
      'delayMinutes', ${flights.delayMinutes})
    from ${flights}
    where ${flights.id} = ${flightId} and ${flights.tripId} = ${trips.id} and ${flights.active})`;
  const alert = sql`(select json_build_object(
      'alertType', ${flightAlerts.alertType}, 'delayDate', ${flightAlerts.delayDate},
      'created', ${iso(flightAlerts.createdAt)})
    from ${flightAlerts} where ${flightAlerts.flightId} = ${flightId}
    order by ${flightAlerts.alertType} = 'ONTIME', ${flightAlerts.createdAt} desc,
      ${flightAlerts.id} desc
    limit 1)`;
  const evidence = sql`(select coalesce(json_agg(json_build_object(
      'at', ${iso(flightStatusChanges.recordedAt)}, 'state', ${flightStatusChanges.state},
      'delayMinutes', ${flightStatusChanges.delayMinutes},
      'departureLocal', ${flightStatusChanges.departureLocal},
      'divertedTo', ${flightStatusChanges.divertedTo}, 'source', ${flightStatusChanges.source})
      order by ${flightStatusChanges.recordedAt} desc, ${flightStatusChanges.id} desc), ${empty})
    from ${flightStatusChanges} where ${flightStatusChanges.flightId} = ${flightId})`;
  const travellers = sql`(select coalesce(json_agg(json_build_object(
      'passengerId', ${passengers.id}, 'name', ${passengers.name},
      'surname', ${passengers.surname})
      order by ${passengers.accountHolder} desc, ${passengers.createdAt}, ${passengers.id}),
      ${empty})
    from ${tripPassengers} join ${passengers} on ${passengers.id} = ${tripPassengers.passengerId}
    where ${tripPassengers.tripId} = ${trips.id})`;
  // Every resolution page asks for this, and every move answers it: prepared once.
  const view = db
    .select({
      view: sql<FlightView>`json_build_object(
        'policyNumber', ${trips.policyNumber}, 'capUsed', ${capUsed},
        'passengers', ${travellers}, 'flight', ${flight}, 'alert', ${alert},
        'evidence', ${evidence}, ${optionParts(sql`${r.flightId} = ${flightId}`)})`,
      version: versionOf(sql.placeholder('userId')),
    })
    .from(trips)
    .where(
      and(
        eq(trips.id, sql.placeholder('tripId')),
        eq(trips.userId, sql.placeholder('userId')),
        eq(trips.partnerId, sql.placeholder('partnerId')),
        eq(trips.active, true),
      ),
    )
    .prepare('resolutions_flight_view');

  const bagId = sql.placeholder('bagId');
  const bag = db
    .select({
      view: sql<BagView>`json_build_object(
        'policyNumber', ${trips.policyNumber}, 'capUsed', ${capUsed},
        ${optionParts(sql`${r.bagId} = ${bagId}`)})`,
    })
    .from(lostBags)
    .innerJoin(trips, eq(trips.id, lostBags.tripId))
    .where(
      and(
        eq(lostBags.id, bagId),
        eq(lostBags.userId, sql.placeholder('userId')),
        eq(lostBags.partnerId, sql.placeholder('partnerId')),
      ),
    )
    .prepare('resolutions_bag_view');

  return {
    /** The owner's lost bag's options, changes and payments; undefined when it is not theirs. */
    async bagView(owner: { userId: string; partnerId: string }, id: string) {
      const [row] = await bag.execute({ bagId: id, ...owner });
      return row?.view;
    },

    /**
     * The owner's open trip's view of one flight, with the user's answer version read in the
     * same snapshot (db/answer-cache.ts); undefined when the trip is not theirs.
     */
    async flightView(
      owner: { userId: string; partnerId: string },
      tripId: string,
      flight: string,
    ): Promise<Versioned<FlightView> | undefined> {
      const [row] = await view.execute({
        tripId,
        userId: owner.userId,
        partnerId: owner.partnerId,
        flightId: flight,
      });
      return row && { value: row.view, version: row.version };
    },
  };
}
export type ResolutionViewsRepo = ReturnType<typeof resolutionViewsRepo>;
