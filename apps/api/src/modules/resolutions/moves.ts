import {
  AppError,
  kindsOf,
  mayMove,
  type PartnerConfig,
  type PartnerEvent,
  type ResolutionStatus,
} from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import type { LiveEvents } from '../../live/events.ts';
import type { PartnerRow } from '../partners/index.ts';
import type { FlightRow, TravelRepo } from '../travel/index.ts';
import { attemptKeyOf, type Move, type ResolutionRow, type ResolutionsRepo } from './repo.ts';

/** The statuses an insured's answer (or an agent's for them) moves an option to. */
const ANSWERS: readonly ResolutionStatus[] = [
  'CallMe',
  'Requested',
  'Confirmed',
  'Booked',
  'Rejected',
  'None',
];

/**
 * The partner's `resolution.chosen` for a move, when it is an answer: the insured's (or an
 * agent's for them) to an answering status; the engine's and providers' moves are not.
 */
export function chosenEvent(row: ResolutionRow, move: Move): PartnerEvent | undefined {
  if (move.actor === 'system' || !ANSWERS.includes(move.to)) return undefined;
  return {
    partnerId: row.partnerId,
    type: 'resolution.chosen',
    data: {
      resolutionId: row.id,
      userId: row.userId,
      tripId: row.tripId,
      flightId: row.flightId,
      bagId: row.bagId,
      type: row.type,
      chosenType: row.chosenType,
      status: row.status,
      actor: move.actor,
      amount: row.paidAmount,
      currency: row.paidAmount === null ? null : row.currency,
    },
  };
}

/** A resolution's moves publish this: the open resolution pages refresh their options. */
const RESOLUTION_KEYS = ['resolutions.options'] as const;

export const statusConflict = (row: ResolutionRow, to: ResolutionStatus) =>
  new AppError('INVALID_RESOLUTION_STATUS', {
    message: `A ${row.type} option in ${row.status} cannot become ${to}`,
  });

export const notFound = (id: string) =>
  new AppError('RESOLUTION_NOT_FOUND', { message: `No resolution ${id}` });

/** A partner and its parsed configuration, by id. */
export type PartnerOf = (
  partnerId: string,
) => Promise<{ partner: PartnerRow; config: PartnerConfig }>;

/**
 * What the engine, the insured's answers and fulfilment share: an option's flight and
 * guests, its attempt keys, and its moves as the domain's status machine allows them.
 */
export function resolutionMoves(deps: {
  repo: ResolutionsRepo;
  travel: TravelRepo;
  clock: Clock;
  live: LiveEvents;
}) {
  const { repo, travel, clock, live } = deps;
  const publish = (userId: string) => live.publish(userId, RESOLUTION_KEYS);

  const flightOf = async (row: ResolutionRow): Promise<FlightRow> => {
    const flight = (await travel.flightsOf([row.tripId!])).find((f) => f.id === row.flightId);
    if (!flight) throw notFound(row.id);
    return flight;
  };
  const guestsOf = async (row: ResolutionRow) =>
    (await travel.tripPassengers(row.tripId!)).map((p) => ({
      firstName: p.name,
      surname: p.surname,
    }));
  /** Each attempt at a booking or payment its own idempotency key: a retry of one repeats it. */
  const attemptKey = async (row: ResolutionRow, to: ResolutionStatus) => {
    const attempts = (await repo.eventsOf([row.id])).filter((e) => e.toStatus === to).length;
    return attemptKeyOf(row.id, attempts);
  };

  /** A move the status machine allows, from where the row is; 409 when it is not (or no longer). */
  async function move(row: ResolutionRow, movement: Move): Promise<ResolutionRow> {
    if (!mayMove(row.type, row.status, movement.to, movement.actor))
      throw statusConflict(row, movement.to);
    const moved = await repo.move(row.id, row.status, movement, clock.now());
    if (!moved) throw statusConflict(row, movement.to);
    if (movement.to === 'Rejected' || movement.to === 'None') await release(moved);
    await publish(moved.userId);
    return moved;
  }

  /** A lounge or hotel that ended unbooked opens the cash that depends on it. */
  async function release(row: ResolutionRow) {
    const kind = kindsOf(row.type).find((k) => k === 'LOUNGE' || k === 'HOTEL');
    if (!kind || !row.flightId) return;
    for (const dependent of await repo.ofFlight(row.flightId))
      if (dependent.dependency === kind && dependent.status === 'N/A')
        await repo.move(dependent.id, 'N/A', { to: 'Initial', actor: 'system' }, clock.now());
  }

  return { publish, flightOf, guestsOf, attemptKey, move, release };
}
export type ResolutionMoves = ReturnType<typeof resolutionMoves>;
