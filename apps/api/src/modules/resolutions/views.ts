import {
  AppError,
  capBalance,
  nextResolution,
  thresholdReached,
  visibleOptions,
  type Branding,
  type LoungePass,
  type PartnerConfig,
  type ResolutionOptions,
  type ResolutionOptionsQuery,
  type Role,
} from '@tern/domain';
import type { Caller, Owner } from '../../plugins/contracts.ts';
import type { Payments, PaymentRow } from '../payouts/index.ts';
import type { TravelRepo } from '../travel/index.ts';
import { toLoungePass, toResolutionOption } from './mappers.ts';
import type { ResolutionRow, ResolutionsRepo } from './repo.ts';
import { capKeyOf } from './service.ts';
import type { WalletPasses } from './wallet.ts';

type Bag = NonNullable<ResolutionOptions['bag']>;
type Item = NonNullable<ResolutionOptions['item']>;

export interface ResolutionViewsDeps {
  repo: ResolutionsRepo;
  travel: TravelRepo;
  payments: Payments;
  configOf: (partnerId: string) => Promise<PartnerConfig>;
  brandingOf: (partnerId: string) => Promise<Branding>;
  /** Wallet files of lounge passes; undefined where no signing certificate is configured. */
  wallet: WalletPasses | undefined;
  /** The caller's own lost bag, or undefined (the luggage area's). */
  bagOf: (owner: Owner, bagId: string) => Promise<Bag | undefined>;
  /** The caller's own insured item, or undefined (the claims area's). */
  itemOf: (owner: Owner, itemId: string) => Promise<Item | undefined>;
}

/** What the resolution calls answer: a flight's (bag's, item's) options as they stand. */
export function resolutionViews(deps: ResolutionViewsDeps) {
  const { repo, travel, payments, configOf, wallet } = deps;

  /** An agent acting for the customer sees as staff (spec 2 §6), the customer as a USER. */
  const viewerRoles = (caller: Caller): Role[] => (caller.agentId ? ['AGENT'] : caller.roles);

  const insured = (
    config: PartnerConfig,
    passengers: ResolutionOptions['insured']['passengers'],
  ) => ({
    payoutCurrency: config.payouts.country.currency,
    payouts: config.payouts.supplier ? ('partner' as const) : ('none' as const),
    disruptionOptions: config.resolutions.disruptionOptions,
    passengers,
  });

  async function flightView(
    caller: Caller,
    tripId: string,
    flightId: string,
  ): Promise<ResolutionOptions> {
    const trip = await travel.findTrip(caller, tripId);
    if (!trip) throw new AppError('TRIP_NOT_FOUND', { message: `No trip ${tripId}` });
    const flight = (await travel.flightsOf([tripId])).find((f) => f.id === flightId && f.active);
    if (!flight) throw new AppError('FLIGHT_NOT_FOUND', { message: `No flight ${flightId}` });
    const capKey = capKeyOf(trip);
    const [config, rows, alerts, changes, passengers, capUsed] = await Promise.all([
      configOf(trip.partnerId),
      repo.ofFlight(flightId),
      travel.alertsOf([flightId]),
      travel.statusChangesOf(flightId),
      travel.tripPassengers(tripId),
      repo.capUsed(trip.partnerId, capKey),
    ]);
    const ids = rows.map((row) => row.id);
    const [events, passes, paid] = await Promise.all([
      repo.eventsOf(ids),
      repo.passesOf(ids),
      Promise.all(rows.filter((r) => r.paymentId).map((r) => payments.find(r.paymentId!))),
    ]);
    const capLeft = capBalance(config.resolutions.policyCap, capUsed);
    const options = rows.map((row) =>
      toResolutionOption(row, {
        events: events.filter((e) => e.resolutionId === row.id),
        passes: passes.filter((p) => p.resolutionId === row.id),
        payment: paid.find((p): p is PaymentRow => p?.id === row.paymentId),
        capLeft,
      }),
    );
    const next = nextResolution(
      rows.map((row: ResolutionRow) => ({ type: row.type, status: row.status })),
    );
    const alert = alerts.find((a) => a.alertType !== 'ONTIME') ?? alerts[0];
    return {
      resolutions: visibleOptions(options, next, viewerRoles(caller)),
      insured: insured(
        config,
        passengers.map((p) => ({ passengerId: p.id, name: p.name, surname: p.surname })),
      ),
      policy: {
        policyNumber: trip.policyNumber,
        policyCap: config.resolutions.policyCap,
        policyCapUsed: capUsed,
        currency: config.payouts.country.currency,
      },
      flight: {
        flightId: flight.id,
        tripId: trip.id,
        flightNumber: flight.flightNumber,
        embarkDate: flight.embarkDate,
        embarkTime: flight.embarkTime,
        origin: flight.origin,
        destination: flight.destination,
        terminal: flight.terminal,
      },
      alert: alert
        ? {
            alertType: alert.alertType as 'DELAY' | 'CANCELLATION' | 'ONTIME',
            delayDate: alert.delayDate,
            delayMinutes: flight.delayMinutes,
            created: alert.createdAt.toISOString(),
          }
        : null,
      bag: null,
      item: null,
      next: { resolution: next },
      trail: events.map((e) => ({
        type: rows.find((r) => r.id === e.resolutionId)!.type,
        at: e.at.toISOString(),
        from: e.fromStatus,
        to: e.toStatus,
        actor: e.actor,
        reason: e.reason,
      })),
      evidence: changes.map((change) => ({
        at: change.recordedAt.toISOString(),
        state: change.state,
        delayMinutes: change.delayMinutes,
        departureLocal: change.departureLocal,
        source: change.source as 'provider' | 'customer',
        threshold:
          change.state === 'cancelled'
            ? null
            : thresholdReached(config.resolutions, change.delayMinutes),
      })),
    };
  }

  /**
   * A bag's or an item's options: the partner's offers answer flight disruptions only, so
   * these carry none yet — but the caller's own bag or item, and nobody else's.
   */
  async function otherView(
    caller: Caller,
    query: ResolutionOptionsQuery,
  ): Promise<ResolutionOptions> {
    const config = await configOf(caller.partnerId);
    const bag = query.category === 'luggage' ? await deps.bagOf(caller, query.bagId!) : undefined;
    const item =
      query.category === 'parametric' ? await deps.itemOf(caller, query.itemId!) : undefined;
    if (query.category === 'luggage' && !bag)
      throw new AppError('BAG_NOT_FOUND', { message: `No bag ${query.bagId}` });
    if (query.category === 'parametric' && !item)
      throw new AppError('RESOLUTION_NOT_FOUND', { message: `No item ${query.itemId}` });
    return {
      resolutions: [],
      insured: insured(config, []),
      policy: {
        policyNumber: null,
        policyCap: config.resolutions.policyCap,
        policyCapUsed: 0,
        currency: config.payouts.country.currency,
      },
      flight: null,
      alert: null,
      bag: bag ?? null,
      item: item ?? null,
      next: { resolution: null },
      evidence: [],
      trail: [],
    };
  }

  return {
    options: (caller: Caller, query: ResolutionOptionsQuery) =>
      query.category === 'flights'
        ? flightView(caller, query.tripId!, query.flightId!)
        : otherView(caller, query),

    /** The options of the flight a resolution belongs to (the answer of every change). */
    ofResolution: (caller: Caller, row: ResolutionRow) =>
      flightView(caller, row.tripId!, row.flightId!),

    pass: loungePass,

    /**
     * A pass as a signed wallet file, named by its code: the owner's own pass only (the same
     * lookup as `pass`). Where no signing certificate is configured the call is not offered.
     */
    async walletPass(owner: Owner, passId: string): Promise<{ code: string; file: Buffer }> {
      if (!wallet)
        throw new AppError('ROUTE_NOT_FOUND', {
          message: 'No wallet passes: no signing certificate is configured',
        });
      const pass = await loungePass(owner, passId);
      const branding = await deps.brandingOf(owner.partnerId);
      return { code: pass.displayCode, file: wallet.fileOf(pass, branding) };
    },
  };

  async function loungePass(owner: Owner, passId: string): Promise<LoungePass> {
    const pass = await repo.findPass(passId);
    const row = pass ? await repo.findOwned(owner, pass.resolutionId) : undefined;
    if (!pass || !row?.outcome.lounge)
      throw new AppError('BOOKING_NOT_FOUND', { message: `No lounge pass ${passId}` });
    const flight = (await travel.flightsOf([row.tripId!])).find((f) => f.id === row.flightId);
    return toLoungePass(pass, row, flight?.flightNumber ?? '', wallet?.urlOf(pass.id) ?? null);
  }
}
export type ResolutionViews = ReturnType<typeof resolutionViews>;
