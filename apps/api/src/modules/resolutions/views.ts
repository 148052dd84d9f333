import {
  AppError,
  capBalance,
  nextResolution,
  nextThreshold,
  thresholdReached,
  toFlag,
  visibleOptions,
  type Branding,
  type LoungePass,
  type PartnerConfig,
  type ResolutionOptions,
  type ResolutionOptionsQuery,
  type ResolutionTrailEntry,
  type Role,
} from '@tern/domain';
import { keyOf, type AnswerCache } from '../../db/answer-cache.ts';
import type { Caller, Owner } from '../../plugins/contracts.ts';
import type { PartnerRow } from '../partners/index.ts';
import type { TravelRepo } from '../travel/index.ts';
import { reasonOf, toLoungePass, toResolutionOption } from './mappers.ts';
import type { ResolutionRow, ResolutionsRepo } from './repo.ts';
import type { FlightView, ResolutionViewsRepo } from './view-repo.ts';
import type { WalletPasses } from './wallet.ts';

type Bag = NonNullable<ResolutionOptions['bag']>;
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
  /** The caller's own lost bag, or undefined (the luggage area's). */
  bagOf: (owner: Owner, bagId: string) => Promise<Bag | undefined>;
  /** The caller's own insured item, or undefined (the claims area's). */
  itemOf: (owner: Owner, itemId: string) => Promise<Item | undefined>;
}

/** A payment's steps in the order they happen: the trail lists them newest first. */
const PAYMENT_STEPS = [
  ['failedAt', 'failed'],
  ['settledAt', 'settled'],
  ['sentAt', 'sent'],
] as const;

/**
 * The trail of a flight's options, newest first: each change of status (whether the viewer
 * made it: the customer their own, an agent theirs) and each step of each payment.
 */
function trailOf(view: FlightView, caller: Caller): ResolutionTrailEntry[] {
  const byId = new Map(view.options.map((option) => [option.id, option]));
  const changes: ResolutionTrailEntry[] = view.events.map((e) => {
    const option = byId.get(e.resolutionId)!;
    return {
      type: option.type,
      at: e.at,
      from: e.from,
      to: e.to,
      actor: e.actor,
      reason: reasonOf(e),
      mine: toFlag(
        e.actor === 'customer'
          ? !caller.agentId
          : e.actor === 'agent' && e.agentId === caller.agentId,
      ),
      waitsOn: e.to === 'N/A' ? option.dependency : null,
      payment: null,
    };
  });
  const steps: ResolutionTrailEntry[] = view.payments.flatMap((payment) =>
    PAYMENT_STEPS.flatMap(([field, status]) => {
      const at = payment[field];
      return at
        ? [
            {
              type: byId.get(payment.resolutionId)!.type,
              at,
              from: null,
              to: null,
              actor: 'system' as const,
              reason: null,
              mine: 0 as const,
              waitsOn: null,
              payment: {
                status,
                amount: payment.amount,
                currency: payment.currency,
                failureText: status === 'failed' ? payment.failureText : null,
              },
            },
          ]
        : [];
    }),
  );
  // Both newest first; a payment's step follows the change that asked for it, so within one
  // instant it comes first. A stable merge keeps each list's own order.
  return [...steps, ...changes].sort((a, b) => b.at.localeCompare(a.at));
}

/** What the resolution calls answer: a flight's (bag's, item's) options as they stand. */
export function resolutionViews(deps: ResolutionViewsDeps) {
  const { repo, viewsRepo, travel, configOf, wallet } = deps;

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
      insured: insured(config, view.passengers),
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
   * A bag's or an item's options: the partner's offers answer flight disruptions only, so
   * these carry none yet — but the caller's own bag or item, and nobody else's.
   */
  async function otherView(
    caller: Caller,
    partner: PartnerRow,
    query: ResolutionOptionsQuery,
  ): Promise<ResolutionOptions> {
    const config = configOf(partner);
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
    options: (caller: Caller, partner: PartnerRow, query: ResolutionOptionsQuery) =>
      query.category === 'flights'
        ? flightView(caller, partner, query.tripId!, query.flightId!)
        : otherView(caller, partner, query),

    /** The options of the flight a resolution belongs to (the answer of every change). */
    ofResolution: (caller: Caller, partner: PartnerRow, row: ResolutionRow) =>
      flightView(caller, partner, row.tripId!, row.flightId!),

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
