import {
  AppError,
  capBalance,
  cappedAmount,
  isCombined,
  isKindChoice,
  kindsOf,
  mayChooseKind,
  mayMove,
  minutesBetweenLocal,
  paymentReasonText,
  planOptions,
  type PartnerConfig,
  type PaymentRequest,
  type ResolutionKind,
  type ResolutionSelection,
  type ResolutionStatus,
  type ResolutionUpdate,
} from '@tern/domain';
import { airportByIata } from '@tern/domain/reference/airports';
import type { Clock } from '../../lib/clock.ts';
import type { LiveEvents } from '../../live/events.ts';
import type { Caller, Owner } from '../../plugins/contracts.ts';
import type { DisruptionPort } from '../../providers/disruption/port.ts';
import type { PartnerRow } from '../partners/index.ts';
import type { Payments, PaymentRow, ResendUndo } from '../payouts/index.ts';
import type { FlightAlertRow, FlightRow, TravelRepo } from '../travel/index.ts';
import { attemptKeyOf, type Move, type ResolutionRow, type ResolutionsRepo } from './repo.ts';

const MINUTE = 60_000;

/** A resolution's moves publish this: the open resolution pages refresh their options. */
export const RESOLUTION_KEYS = ['resolutions.options'] as const;

const statusConflict = (row: ResolutionRow, to: ResolutionStatus) =>
  new AppError('INVALID_RESOLUTION_STATUS', {
    message: `A ${row.type} option in ${row.status} cannot become ${to}`,
  });

const notFound = (id: string) =>
  new AppError('RESOLUTION_NOT_FOUND', { message: `No resolution ${id}` });

/** Minutes a delayed flight leaves late, from its alert: both times local to its origin. */
const delayOf = (flight: FlightRow, alert: Pick<FlightAlertRow, 'alertType' | 'delayDate'>) =>
  alert.alertType === 'DELAY' && alert.delayDate
    ? minutesBetweenLocal(
        `${flight.embarkDate} ${flight.embarkTime}`,
        alert.delayDate,
        airportByIata.get(flight.origin)?.timeZone,
      )
    : 0;

export interface ResolutionsServiceDeps {
  repo: ResolutionsRepo;
  travel: TravelRepo;
  disruption: DisruptionPort;
  payments: Payments;
  partnerOf: (partnerId: string) => Promise<{ partner: PartnerRow; config: PartnerConfig }>;
  clock: Clock;
  live: LiveEvents;
  /** Queues the provider booking of a requested hotel or rebooking (`resolutions.book`). */
  queueBooking: (resolutionId: string) => Promise<void>;
  /** Queues the opening of a lounge at the flight's original departure. */
  queueLounge: (resolutionId: string, at: Date) => Promise<void>;
}

/**
 * The options engine and the insured's answers (spec 2 §4.7, §4.8; issue 14): options made
 * from the partner's offers when a flight alert is recorded, moved only as the domain's status
 * machine allows, booked with the disruption providers and paid through the payouts area.
 */
export function resolutionsService(deps: ResolutionsServiceDeps) {
  const { repo, travel, disruption, payments, partnerOf, clock, live } = deps;
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

  /**
   * Offers the lounges of the flight's airport: now, or at the original departure where the
   * partner issues passes only once it has passed; None where the airport has no lounge.
   */
  async function openLounge(row: ResolutionRow, config: PartnerConfig) {
    if (row.status !== 'Initial') return;
    const flight = await flightOf(row);
    const now = clock.now();
    if (!config.resolutions.loungeOnAnnouncement && now < flight.departureUtc) {
      await deps.queueLounge(row.id, flight.departureUtc);
      return;
    }
    const lounges = await disruption.lounges.list(flight.origin, null);
    if (lounges.length === 0) {
      await repo.move(
        row.id,
        'Initial',
        // Why (no lounge at the airport) the portal says from the move itself, in each language.
        { to: 'None', actor: 'system' },
        now,
      );
      await release({ ...row, status: 'None' });
    } else
      await repo.move(
        row.id,
        'Initial',
        { to: 'OptionsSent', actor: 'system', set: { offers: { lounges } } },
        now,
      );
    await publish(row.userId);
  }

  /** Pays a confirmed cash option through the payouts area (its key pays once). */
  async function pay(row: ResolutionRow) {
    if (!row.paidAmount || !row.payoutMethodId) return;
    const [{ partner }, flight] = await Promise.all([partnerOf(row.partnerId), flightOf(row)]);
    const payment = await payments.send(partner, {
      userId: row.userId,
      payoutMethodId: row.payoutMethodId,
      amount: row.paidAmount,
      currency: row.currency as PaymentRequest['currency'],
      // The bank's reference; the customer reads `reasonText`, in their language.
      reason: `Disruption of ${flight.flightNumber} on ${flight.embarkDate}`,
      reasonText: paymentReasonText(flight.flightNumber, flight.embarkDate),
      idempotencyKey: await attemptKey(row, 'Confirmed'),
    });
    await repo.update(row.id, { paymentId: payment.paymentId }, clock.now());
  }

  async function credit(row: ResolutionRow) {
    const flight = await flightOf(row);
    const { reference } = await disruption.loyalty.credit({
      idempotencyKey: await attemptKey(row, 'Confirmed'),
      memberId: row.userId,
      points: row.points ?? 0,
      reason: `Disruption of ${flight.flightNumber} on ${flight.embarkDate}`,
    });
    await repo.update(row.id, { outcome: { ...row.outcome, points: { reference } } }, clock.now());
  }

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

  // ── The insured's answers ────────────────────────────────────────────────────────────
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
    if (to === 'Confirmed') await pay(moved);
    await publish(moved.userId);
  }

  async function claimPoints(row: ResolutionRow) {
    const to = row.manual ? 'Requested' : 'Confirmed';
    const moved = await move(row, { to, actor: 'customer', set: { chosenType: 'POINTS' } });
    if (to === 'Confirmed') await credit(moved);
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
    const departure = new Date(flight.departureUtc.getTime() + flight.delayMinutes * MINUTE);
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
    /** The engine: the options a new DELAY or CANCELLATION brings, once per alert. */
    async answerAlert(alertId: string): Promise<void> {
      const context = await travel.alertContext(alertId);
      if (!context || context.alert.alertType === 'ONTIME') return;
      const { alert, flight, trip } = context;
      const [{ config }, passengers, existing] = await Promise.all([
        partnerOf(trip.partnerId),
        travel.tripPassengers(trip.id),
        repo.ofFlight(flight.id),
      ]);
      const plans = planOptions(
        config.resolutions,
        {
          alertType: alert.alertType as 'DELAY' | 'CANCELLATION',
          delayMinutes: delayOf(flight, alert),
        },
        Math.max(1, passengers.length),
      );
      // Cash instead of a lounge already turned down opens at once.
      const ended = (kind: string) =>
        existing.some((e) => e.type === kind && (e.status === 'Rejected' || e.status === 'None'));
      const created = await repo.answerAlert(
        alert.id,
        plans.map((plan) => ({
          userId: trip.userId,
          partnerId: trip.partnerId,
          tripId: trip.id,
          flightId: flight.id,
          alertId: alert.id,
          position: plan.position,
          type: plan.type,
          status: plan.dependency && !ended(plan.dependency) ? 'N/A' : 'Initial',
          dependency: plan.dependency,
          amount: plan.amount,
          points: plan.points,
          currency: plan.amount === null ? null : config.payouts.country.currency,
          manual: plan.manual,
        })),
        clock.now(),
      );
      for (const row of created) if (row.type === 'LOUNGE') await openLounge(row, config);
      // Every disruption changes the open page (the alert, the evidence), new options or not:
      // a longer delay or a cancellation that brings no new type must show too (issue 25 5.4).
      await publish(trip.userId);
    },

    /** The `resolutions.open-lounge` job: a lounge whose original departure has passed. */
    async openLounge(resolutionId: string) {
      const row = await repo.find(resolutionId);
      if (row) await openLounge(row, (await partnerOf(row.partnerId)).config);
    },

    /** `PUT /platform/resolutions`. */
    async select(caller: Caller, selection: ResolutionSelection): Promise<ResolutionRow> {
      const row = await repo.findOwned(caller, selection.resolutionId);
      if (
        !row ||
        (selection.tripId && selection.tripId !== row.tripId) ||
        (selection.flightId && selection.flightId !== row.flightId)
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
        if (kindsOf(reset.type).includes('LOUNGE')) await openLounge(reset, config);
        return reset;
      }
      const moved = await move(row, {
        to,
        ...agent,
        set: to === 'Rejected' ? { rejected: true } : {},
      });
      if (to === 'Confirmed') {
        if (moved.chosenType === 'CASH' || moved.type === 'CASH') await pay(moved);
        else if (moved.chosenType === 'POINTS' || moved.type === 'POINTS') await credit(moved);
      }
      return moved;
    },

    /** The `resolutions.book` job: books a requested hotel or rebooking with the provider. */
    async book(resolutionId: string): Promise<void> {
      const row = await repo.find(resolutionId);
      if (!row || (row.status !== 'Requested' && row.status !== 'Confirmed')) return;
      const guests = await guestsOf(row);
      const idempotencyKey = await attemptKey(row, 'Booked');
      if (kindsOf(row.type).includes('HOTEL') && row.alternateId) {
        const booking = await disruption.hotels.book({
          idempotencyKey,
          alternateId: row.alternateId,
          guests,
        });
        if (booking === 'unavailable') await move(row, { to: 'Failed', actor: 'system' });
        else
          await move(row, { to: 'Booked', actor: 'system', set: { outcome: { hotel: booking } } });
      } else if (row.flightIds.length > 0) {
        const rebooked = await disruption.rebooking.rebook({
          idempotencyKey,
          flightIds: row.flightIds,
          guests,
        });
        if (rebooked === 'unavailable') await move(row, { to: 'Failed', actor: 'system' });
        else
          await move(row, {
            to: 'Booked',
            actor: 'system',
            set: { outcome: { flights: rebooked } },
          });
      }
    },

    /**
     * The user resends a cash option's failed payment from Payments, to another method: the
     * option takes its share of the cap again and is Confirmed once more (as a claim again
     * would be). Refused when the cap left cannot pay it all, or the option has moved on.
     */
    async paymentResent(payment: PaymentRow, payoutMethodId: string): Promise<ResendUndo> {
      const row = await repo.byPayment(payment);
      if (!row) return undefined;
      if (!mayMove(row.type, row.status, 'Confirmed', 'customer'))
        throw statusConflict(row, 'Confirmed');
      const { config } = await partnerOf(row.partnerId);
      const moved = await repo.claimUnderCap(
        row,
        'Failed',
        (used) => {
          if (capBalance(config.resolutions.policyCap, used) < payment.amount)
            throw new AppError('CLAIMS_EXCEEDED', { message: 'The policy cap left cannot pay it' });
          return { to: 'Confirmed', actor: 'customer', set: { payoutMethodId } };
        },
        clock.now(),
      );
      if (!moved) throw statusConflict(row, 'Confirmed');
      await publish(row.userId);
      // The payment could not be resent after all (the payer paid it otherwise, or the
      // method went, in between): the option is Failed again, its cap share given back.
      return () =>
        move(moved, {
          to: 'Failed',
          actor: 'system',
          set: { payoutMethodId: row.payoutMethodId },
        }).then(() => undefined);
    },

    /**
     * A payment of a cash option moved (its steps are in the option's trail): a returned one
     * fails the option, which may be claimed again. The bank's reason is the payment's.
     */
    async paymentChanged(payment: PaymentRow): Promise<void> {
      const row = await repo.byPayment(payment);
      if (!row) return;
      const current = row.paymentId === null || row.paymentId === payment.id;
      if (payment.status === 'failed' && row.status === 'Confirmed' && current)
        await move(row, { to: 'Failed', actor: 'system' });
      else await publish(row.userId);
    },

    /**
     * The `resolutions.sweep` job: alerts no listener answered (a crash between the alert and
     * its options), cash confirmed but never paid, bookings requested but never made.
     */
    async sweep(): Promise<void> {
      const now = clock.now().getTime();
      for (const alertId of await repo.unansweredAlerts(new Date(now - 2 * 24 * 60 * MINUTE), 100))
        await this.answerAlert(alertId);
      for (const row of await repo.stranded(new Date(now - MINUTE))) {
        if (row.status === 'Confirmed') await pay(row);
        else await deps.queueBooking(row.id);
      }
    },
  };
}
export type ResolutionsService = ReturnType<typeof resolutionsService>;
