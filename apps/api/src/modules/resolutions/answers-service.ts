import {
  AppError,
  capBalance,
  cappedAmount,
  isCombined,
  isKindChoice,
  kindsOf,
  mayChooseKind,
  mayMove,
  type PartnerConfig,
  type ResolutionKind,
  type ResolutionSelection,
  type ResolutionStatus,
  type ResolutionUpdate,
} from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import type { Caller, Owner } from '../../plugins/contracts.ts';
import type { DisruptionPort } from '../../providers/disruption/port.ts';
import type { Payments } from '../payouts/index.ts';
import type { TravelRepo } from '../travel/index.ts';
import type { FulfilmentService } from './fulfilment-service.ts';
import { MINUTE_MS } from '../accounts/index.ts';
import { notFound, statusConflict, type PartnerOf, type ResolutionMoves } from './moves.ts';
import type { OptionsEngine } from './options-engine.ts';
import type { ResolutionRow, ResolutionsRepo } from './repo.ts';

/**
 * The insured's answers to their options (spec 2 §4.7, §4.8) and agents' overrides: each
 * moved only as the domain's status machine allows, then fulfilled.
 */
export function answersService(deps: {
  repo: ResolutionsRepo;
  travel: TravelRepo;
  disruption: DisruptionPort;
  payments: Payments;
  partnerOf: PartnerOf;
  clock: Clock;
  moves: ResolutionMoves;
  engine: Pick<OptionsEngine, 'offerLounge'>;
  fulfilment: Pick<FulfilmentService, 'pay' | 'credit'>;
  /** Queues the provider booking of a requested hotel or rebooking (`resolutions.book`). */
  queueBooking: (resolutionId: string) => Promise<void>;
}) {
  const { repo, travel, disruption, payments, partnerOf, clock, engine, fulfilment } = deps;
  const { publish, flightOf, guestsOf, attemptKey, move } = deps.moves;

  /** The kind an answer is about: a combined option's chosen one, else its own. */
  function kindOf(row: ResolutionRow, selection: ResolutionSelection): ResolutionKind {
    const kinds = kindsOf(row.type);
    const wanted =
      selection.resolutionType ?? row.chosenType ?? (isCombined(row.type) ? undefined : kinds[0]);
    if (!wanted || !kinds.includes(wanted))
      throw new AppError('INVALID_RESOLUTION_TYPE', {
        message: `A ${row.type} option offers ${kinds.join(' or ')}`,
      });
    return wanted;
  }

  /**
   * A combined option's kind chosen (spec 2 §4.7 "Confirm selection"): kept on the option,
   * whose status stays, so the choice survives a reload; chosen again while not yet claimed.
   */
  async function choose(row: ResolutionRow, kind: ResolutionKind) {
    if (!isCombined(row.type) || !kindsOf(row.type).includes(kind))
      throw new AppError('INVALID_RESOLUTION_TYPE', {
        message: `A ${row.type} option offers ${kindsOf(row.type).join(' or ')}`,
      });
    const chosen = mayChooseKind(row.status)
      ? await repo.choose(row.id, row.status, kind, clock.now())
      : undefined;
    if (!chosen)
      throw new AppError('INVALID_RESOLUTION_STATUS', {
        message: `A ${row.type} option in ${row.status} takes no choice`,
      });
    await publish(row.userId);
  }

  async function claimCash(
    caller: Caller,
    row: ResolutionRow,
    methodId: string | undefined,
    config: PartnerConfig,
  ) {
    if (!methodId)
      throw new AppError('INVALID_PARAMS', {
        message: 'Cash needs a payout method',
        field: 'payoutMethodId',
        details: [{ field: 'payoutMethodId', message: 'validation.required' }],
      });
    const method = (await payments.methods(caller)).find((m) => m.payoutMethodId === methodId);
    if (!method)
      throw new AppError('PAYMENT_METHOD_NOT_FOUND', {
        message: 'No such payout method',
        field: 'payoutMethodId',
      });
    if (method.currency !== row.currency)
      throw new AppError('INVALID_PARAMS', {
        message: `This option pays in ${row.currency}`,
        field: 'payoutMethodId',
        details: [{ field: 'payoutMethodId', message: 'validation.invalid' }],
      });
    const to = row.manual ? 'Requested' : 'Confirmed';
    // A second submit of the same claim (a double click, a retry) answers the first.
    const repeats = (current: ResolutionRow | undefined) =>
      current?.status === to && current.payoutMethodId === methodId;
    if (repeats(row)) return;
    if (!mayMove(row.type, row.status, to, 'customer')) throw statusConflict(row, to);
    const moved = await repo.claimUnderCap(
      row,
      row.status,
      (used) => {
        const balance = capBalance(config.resolutions.policyCap, used);
        if (balance <= 0)
          throw new AppError('CLAIMS_EXCEEDED', { message: 'The policy has paid all its cap' });
        const { amount, capped } = cappedAmount(row.amount ?? 0, balance);
        return {
          to,
          actor: 'customer',
          set: {
            paidAmount: amount,
            capped,
            payoutMethodId: methodId,
            paymentId: null,
            chosenType: 'CASH',
          },
        };
      },
      clock.now(),
    );
    if (!moved) {
      if (repeats(await repo.find(row.id))) return;
      throw statusConflict(row, to);
    }
    // Claimed again after its payment failed: that payment is never resent from Payments too.
    // After the move, so a refused claim replaces nothing: a claim again and a resend both
    // move the option from Failed under the cap's lock, and only one of them can.
    if (row.status === 'Failed' && row.paymentId)
      await payments.replace({ userId: row.userId, partnerId: row.partnerId }, row.paymentId);
    if (to === 'Confirmed') await fulfilment.pay(moved);
    await publish(moved.userId);
  }

  async function claimPoints(row: ResolutionRow) {
    const to = row.manual ? 'Requested' : 'Confirmed';
    const moved = await move(row, { to, actor: 'customer', set: { chosenType: 'POINTS' } });
    if (to === 'Confirmed') await fulfilment.credit(moved);
  }

  async function bookLounge(caller: Caller, row: ResolutionRow, selection: ResolutionSelection) {
    const lounge = row.offers.lounges?.find((l) => l.loungeId === selection.loungeId);
    if (!lounge)
      throw new AppError('LOUNGE_NOT_FOUND', { message: `No lounge ${selection.loungeId}` });
    // Booking again after a failure starts from the offer.
    if (row.status === 'Failed') row = await move(row, { to: 'OptionsSent', actor: 'customer' });
    if (!mayMove(row.type, row.status, 'Booked', 'customer')) throw statusConflict(row, 'Booked');
    const passengers = await travel.tripPassengers(row.tripId!);
    const lead = { firstName: selection.firstName!, surname: selection.surname! };
    const ids = selection.passengerIds ?? [];
    const guests = ids.map((id, i) => {
      const passenger = passengers.find((p) => p.id === id);
      if (!passenger)
        throw new AppError('INVALID_PASSENGER', { message: `No passenger ${id} on this trip` });
      return i === 0 ? lead : { firstName: passenger.name, surname: passenger.surname };
    });
    if (guests.length === 0) guests.push(lead);
    const flight = await flightOf(row);
    const departure = new Date(flight.departureUtc.getTime() + flight.delayMinutes * MINUTE_MS);
    let booking: Awaited<ReturnType<DisruptionPort['lounges']['book']>>;
    try {
      booking = await disruption.lounges.book({
        idempotencyKey: await attemptKey(row, 'Booked'),
        loungeId: lounge.loungeId,
        guests,
        departureUtc: departure.toISOString(),
      });
    } catch (error) {
      await move(row, { to: 'Failed', actor: 'system' });
      throw error;
    }
    if (booking === 'unknown')
      throw new AppError('LOUNGE_NOT_FOUND', { message: `No lounge ${lounge.loungeId}` });
    if (booking === 'full')
      throw new AppError('NO_LOUNGES_AVAILABLE', {
        message: `${lounge.name} cannot take ${guests.length} guests now`,
      });
    const { capacity: _capacity, ...location } = lounge;
    const moved = await repo.bookLounge(
      row,
      row.status,
      {
        to: 'Booked',
        actor: 'customer',
        set: {
          loungeId: lounge.loungeId,
          firstName: lead.firstName,
          surname: lead.surname,
          outcome: {
            lounge: {
              location,
              reference: booking.reference,
              name: `${lead.firstName} ${lead.surname}`,
              units: booking.units,
              expiryDate: booking.expiryDate,
            },
          },
        },
      },
      booking.entries.map((entry) => ({
        firstName: entry.firstName,
        surname: entry.surname,
        displayCode: entry.displayCode,
        displayCodeUrl: entry.displayCodeUrl,
        expiresAt: new Date(booking.expiryDate),
      })),
      clock.now(),
    );
    if (!moved) throw statusConflict(row, 'Booked');
    await publish(caller.userId);
  }

  /** Yes to a rebooking or hotel: what the providers have, to pick from (None: no hotel). */
  async function search(row: ResolutionRow, kind: 'HOTEL' | 'REBOOKING', config: PartnerConfig) {
    if (!config.resolutions.disruptionOptions.yesAllowed) throw statusConflict(row, 'OptionsSent');
    if (row.status !== 'Initial') throw statusConflict(row, 'OptionsSent');
    const [flight, guests] = await Promise.all([flightOf(row), guestsOf(row)]);
    const now = clock.now();
    if (kind === 'HOTEL') {
      const hotels = await disruption.hotels.available(
        flight.origin,
        flight.embarkDate,
        Math.max(1, guests.length),
      );
      if (hotels.length === 0) return move(row, { to: 'None', actor: 'system' });
      return move(row, {
        to: 'OptionsSent',
        actor: 'system',
        set: {
          offers: {
            hotels: hotels.map(({ alternateId, name, description }) => ({
              alternateId,
              name,
              description,
            })),
          },
        },
      });
    }
    const after = new Date(Math.max(now.getTime(), flight.departureUtc.getTime()));
    const alternates = await disruption.rebooking.alternates({
      flightNumber: flight.flightNumber,
      origin: flight.origin,
      destination: flight.destination ?? '',
      afterUtc: after.toISOString(),
      seats: Math.max(1, guests.length),
    });
    if (alternates.length === 0)
      throw new AppError('NO_ALTERNATE_FLIGHTS', {
        message: `No flight from ${flight.origin} can seat you`,
      });
    return move(row, {
      to: 'OptionsSent',
      actor: 'system',
      set: { offers: { flights: alternates } },
    });
  }

  /** A hotel or flights picked: requested now, booked with the provider by a job. */
  async function pick(
    row: ResolutionRow,
    kind: 'HOTEL' | 'REBOOKING',
    selection: ResolutionSelection,
  ) {
    if (kind === 'HOTEL') {
      const hotel = row.offers.hotels?.find((h) => h.alternateId === selection.alternateId);
      if (!hotel)
        throw new AppError('NO_HOTELS_AVAILABLE', { message: 'That hotel is not on offer' });
      await move(row, {
        to: 'Requested',
        actor: 'customer',
        set: { alternateId: hotel.alternateId },
      });
    } else {
      const offered = row.offers.flights ?? [];
      const picked = (selection.flightIds ?? []).map((id) =>
        offered.find((f) => f.flightId === id),
      );
      if (
        picked.length === 0 ||
        picked.some((f) => !f) ||
        new Set(picked.map((f) => f!.linkId)).size !== 1
      )
        throw new AppError('INVALID_PARAMS', {
          message: 'Pick the flights of one offer',
          field: 'flightIds',
          details: [{ field: 'flightIds', message: 'validation.invalid' }],
        });
      await move(row, {
        to: 'Requested',
        actor: 'customer',
        set: { flightIds: picked.map((f) => f!.flightId) },
      });
    }
    await deps.queueBooking(row.id);
  }

  return {
    /** `PUT /platform/resolutions`. */
    async select(caller: Caller, selection: ResolutionSelection): Promise<ResolutionRow> {
      const row = await repo.findOwned(caller, selection.resolutionId);
      if (
        !row ||
        (selection.tripId && selection.tripId !== row.tripId) ||
        (selection.flightId && selection.flightId !== row.flightId) ||
        (selection.bagId && selection.bagId !== row.bagId)
      )
        throw notFound(selection.resolutionId);
      const { config } = await partnerOf(row.partnerId);
      const choices = config.resolutions.disruptionOptions;
      if (selection.rejected) {
        if (!choices.noAllowed && row.status === 'Initial') throw statusConflict(row, 'Rejected');
        await move(row, { to: 'Rejected', actor: 'customer', set: { rejected: true } });
        return row;
      }
      if (selection.callMe) {
        if (!choices.callMeAllowed) throw statusConflict(row, 'CallMe');
        await move(row, { to: 'CallMe', actor: 'customer', set: { callMe: true } });
        return row;
      }
      if (isKindChoice(selection)) {
        await choose(row, selection.resolutionType!);
        return row;
      }
      const kind = kindOf(row, selection);
      if (selection.status === 'None') {
        if (kind !== 'LOUNGE') throw statusConflict(row, 'None');
        await move(row, { to: 'None', actor: 'customer' });
      } else if (kind === 'LOUNGE') {
        if (!selection.loungeId) throw statusConflict(row, 'Booked');
        await bookLounge(caller, row, selection);
      } else if (kind === 'HOTEL' || kind === 'REBOOKING') {
        if (selection.alternateId || selection.flightIds) await pick(row, kind, selection);
        else if (selection.accepted) await search(row, kind, config);
        else throw statusConflict(row, 'OptionsSent');
      } else if (kind === 'CASH') await claimCash(caller, row, selection.payoutMethodId, config);
      else await claimPoints(row);
      return row;
    },

    /** `PUT …/{resolutionId}/confirm`: the insured confirms a booked lounge. */
    async confirm(owner: Owner, resolutionId: string): Promise<ResolutionRow> {
      const row = await repo.findOwned(owner, resolutionId);
      if (!row) throw notFound(resolutionId);
      if (!kindsOf(row.type).includes('LOUNGE')) throw statusConflict(row, 'Confirmed');
      return move(row, { to: 'Confirmed', actor: 'customer' });
    },

    /** `PATCH …/{resolutionId}`: an agent's override, or the insured confirming a lounge. */
    async update(
      caller: Caller,
      resolutionId: string,
      update: ResolutionUpdate,
    ): Promise<ResolutionRow> {
      const row = await repo.findOwned(caller, resolutionId);
      if (!row) throw notFound(resolutionId);
      const to: ResolutionStatus = update.rejected ? 'Rejected' : update.status!;
      if (!caller.agentId) {
        if (to !== 'Confirmed') throw statusConflict(row, to);
        return this.confirm(caller, resolutionId);
      }
      const agent = {
        actor: 'agent' as const,
        agentId: caller.agentId,
        reason: update.reason ?? null,
      };
      if (to === 'Initial') {
        // Money that has left is not undone by a reset.
        const payment = row.paymentId ? await payments.find(row.paymentId) : undefined;
        if (payment && payment.status !== 'failed') throw statusConflict(row, to);
        const { config } = await partnerOf(row.partnerId);
        const reset = await move(row, {
          to,
          ...agent,
          set: {
            chosenType: null,
            paidAmount: null,
            capped: false,
            payoutMethodId: null,
            paymentId: null,
            loungeId: null,
            firstName: null,
            surname: null,
            rejected: false,
            callMe: false,
            alternateId: null,
            flightIds: [],
            offers: {},
            outcome: {},
          },
        });
        if (kindsOf(reset.type).includes('LOUNGE')) await engine.offerLounge(reset, config);
        return reset;
      }
      const moved = await move(row, {
        to,
        ...agent,
        set: to === 'Rejected' ? { rejected: true } : {},
      });
      if (to === 'Confirmed') {
        if (moved.chosenType === 'CASH' || moved.type === 'CASH') await fulfilment.pay(moved);
        else if (moved.chosenType === 'POINTS' || moved.type === 'POINTS')
          await fulfilment.credit(moved);
      }
      return moved;
    },
  };
}
export type AnswersService = ReturnType<typeof answersService>;
