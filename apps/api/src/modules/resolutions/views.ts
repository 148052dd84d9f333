import {
  AppError,
  capBalance,
  nextResolution,
  nextThreshold,
  thresholdReached,
  visibleOptions,
  type Branding,
  type LoungePass,
  type PartnerConfig,
  type ResolutionOptions,
  type ResolutionOptionsQuery,
} from '@tern/domain';
import { keyOf, type AnswerCache } from '../../db/answer-cache.ts';
import type { Caller, Owner } from '../../plugins/contracts.ts';
import type { PartnerRow } from '../partners/index.ts';
import type { TravelRepo } from '../travel/index.ts';
import { insuredOf, toLoungePass, toResolutionOption, trailOf, viewerRoles } from './mappers.ts';
import type { ResolutionRow, ResolutionsRepo } from './repo.ts';
import type { ResolutionViewsRepo } from './view-repo.ts';
import type { FlightView } from './view-types.ts';
import type { bagViews } from './bag-views.ts';
import type { WalletPasses } from './wallet.ts';

type Item = NonNullable<ResolutionOptions['item']>;

export interface ResolutionViewsDeps {
  repo: ResolutionsRepo;
  viewsRepo: ResolutionViewsRepo;
  /** The flight views this process holds. */
  answers: AnswerCache<FlightView>;
  travel: TravelRepo;
  /** The partner's configuration (the caller's partner: a session is its api-key's). */
  configOf: (partner: PartnerRow) => PartnerConfig;
  brandingOf: (partnerId: string) => Promise<Branding>;
  /** Wallet files of lounge passes; undefined where no signing certificate is configured. */
  wallet: WalletPasses | undefined;
  /** A lost bag's options (`bag-views.ts`). */
  bagOptions: ReturnType<typeof bagViews>;
  /** The caller's own insured item, or undefined (the claims area's). */
  itemOf: (owner: Owner, itemId: string) => Promise<Item | undefined>;
}

/** What the resolution calls answer: a flight's (bag's, item's) options as they stand. */
export function resolutionViews(deps: ResolutionViewsDeps) {
  const { repo, viewsRepo, travel, configOf, wallet } = deps;

  /**
   * One read (`view-repo.ts`), held in this process while the user's answer version stands
   * (db/answer-cache.ts); the rules of what the viewer sees are the domain's, applied to it
   * on each call (the viewer, an acting agent, the partner's configuration). Nothing here
   * changes the held view.
   */
  async function flightView(
    caller: Caller,
    partner: PartnerRow,
    tripId: string,
    flightId: string,
  ): Promise<ResolutionOptions> {
    const view = await deps.answers.read(
      caller.userId,
      keyOf(caller, 'flight', tripId, flightId),
      () => viewsRepo.flightView(caller, tripId, flightId),
    );
    if (!view) throw new AppError('TRIP_NOT_FOUND', { message: `No trip ${tripId}` });
    const { flight, alert } = view;
    if (!flight) throw new AppError('FLIGHT_NOT_FOUND', { message: `No flight ${flightId}` });
    const config = configOf(partner);
    const capLeft = capBalance(config.resolutions.policyCap, view.capUsed);
    const options = view.options.map((row) =>
      toResolutionOption(row, {
        capLeft,
        payment: view.payments.find((p) => p.paymentId === row.paymentId),
        passes: view.passes
          .filter((p) => p.resolutionId === row.id)
          .map(({ passId, firstName, surname }) => ({ passId, firstName, surname })),
      }),
    );
    const next = nextResolution(view.options);
    const { delayMinutes, ...shown } = flight;
    return {
      resolutions: visibleOptions(options, next, viewerRoles(caller)),
      insured: insuredOf(config, view.passengers),
      policy: {
        policyNumber: view.policyNumber,
        policyCap: config.resolutions.policyCap,
        policyCapUsed: view.capUsed,
        currency: config.payouts.country.currency,
      },
      flight: shown,
      alert: alert
        ? {
            alertType: alert.alertType as 'DELAY' | 'CANCELLATION' | 'ONTIME',
            delayDate: alert.delayDate,
            delayMinutes,
            created: alert.created,
          }
        : null,
      bag: null,
      item: null,
      next: { resolution: next },
      trail: trailOf(view, caller),
      evidence: view.evidence.map((change) => ({
        ...change,
        threshold:
          change.state === 'cancelled'
            ? null
            : thresholdReached(config.resolutions, change.delayMinutes),
        // A longer delay brings more only before the flight leaves.
        nextThreshold:
          change.state === 'scheduled'
            ? nextThreshold(config.resolutions, change.delayMinutes)
            : null,
      })),
    };
  }

  /**
   * An item's options: the partner's offers answer flight disruptions and lost bags only, so
   * these carry none yet — but the caller's own item, and nobody else's.
   */
  async function itemView(
    caller: Caller,
    partner: PartnerRow,
    itemId: string,
  ): Promise<ResolutionOptions> {
    const config = configOf(partner);
    const item = await deps.itemOf(caller, itemId);
    if (!item) throw new AppError('RESOLUTION_NOT_FOUND', { message: `No item ${itemId}` });
    return {
      resolutions: [],
      insured: insuredOf(config, []),
      policy: {
        policyNumber: null,
        policyCap: config.resolutions.policyCap,
        policyCapUsed: 0,
        currency: config.payouts.country.currency,
      },
      flight: null,
      alert: null,
      bag: null,
      item,
      next: { resolution: null },
      evidence: [],
      trail: [],
    };
  }

  return {
    options: (caller: Caller, partner: PartnerRow, query: ResolutionOptionsQuery) =>
      query.category === 'flights'
        ? flightView(caller, partner, query.tripId!, query.flightId!)
        : query.category === 'luggage'
          ? deps.bagOptions(caller, partner, query.bagId!)
          : itemView(caller, partner, query.itemId!),

    /** The options of the flight or bag a resolution belongs to (the answer of every change). */
    ofResolution: (caller: Caller, partner: PartnerRow, row: ResolutionRow) =>
      row.bagId
        ? deps.bagOptions(caller, partner, row.bagId)
        : flightView(caller, partner, row.tripId!, row.flightId!),

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
