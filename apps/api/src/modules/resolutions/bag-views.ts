import {
  AppError,
  MONTREAL_BAGGAGE_LIMIT_SDR,
  bagCashPlan,
  bagRecommendation,
  bagResolvable,
  capBalance,
  nextBagStage,
  nextResolution,
  visibleOptions,
  type PartnerConfig,
  type ResolutionOptions,
} from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import type { Caller } from '../../plugins/contracts.ts';
import type { PartnerRow } from '../partners/index.ts';
import type { BagOptionsRepo } from './bag-repo.ts';
import { insuredOf, toResolutionOption, trailOf, viewerRoles } from './mappers.ts';
import type { ResolutionViewsRepo } from './view-repo.ts';

/**
 * A lost bag's options (`category=luggage&bagId=…`): its staged cash, the bag's header (spec 2
 * §2.5: PIR, created, status, the recommendation once it is lost, the Montreal Convention's
 * limit, the stage to come), the policy's cap and the trail.
 */
export function bagViews(deps: {
  bags: Pick<BagOptionsRepo, 'ownedBag'>;
  viewsRepo: ResolutionViewsRepo;
  configOf: (partner: PartnerRow) => PartnerConfig;
  clock: Clock;
}) {
  const { bags, viewsRepo, configOf, clock } = deps;
  const notFound = (bagId: string) => new AppError('BAG_NOT_FOUND', { message: `No bag ${bagId}` });

  return async function bagOptions(
    caller: Caller,
    partner: PartnerRow,
    bagId: string,
  ): Promise<ResolutionOptions> {
    const bag = await bags.ownedBag(caller, bagId);
    if (!bag) throw notFound(bagId);
    // Nothing is resolved before the report is filed.
    if (!bag.reportedAt || !bagResolvable(bag.status))
      throw new AppError('BAG_RESOLUTION_PENDING', {
        message: 'The bag’s report is not completed yet',
      });
    const view = await viewsRepo.bagView(caller, bagId);
    if (!view) throw notFound(bagId);
    const config = configOf(partner);
    const capLeft = capBalance(config.resolutions.policyCap, view.capUsed);
    const options = view.options.map((row) =>
      toResolutionOption(row, {
        capLeft,
        payment: view.payments.find((p) => p.paymentId === row.paymentId),
        passes: [],
      }),
    );
    const next = nextResolution(view.options);
    const upcoming = nextBagStage(
      bagCashPlan(config.resolutions.luggage),
      { reportedAt: bag.reportedAt, deliveredAt: bag.deliveredAt },
      clock.now(),
    );
    return {
      resolutions: visibleOptions(options, next, viewerRoles(caller)),
      insured: insuredOf(config, []),
      policy: {
        policyNumber: view.policyNumber,
        policyCap: config.resolutions.policyCap,
        policyCapUsed: view.capUsed,
        currency: config.payouts.country.currency,
      },
      flight: null,
      alert: null,
      bag: {
        bagId: bag.bagId,
        pir: bag.pir,
        reportedOn: bag.reportedOnLocal,
        created: bag.reportedAt.toISOString(),
        status: bag.status,
        recommendation: bagRecommendation(bag.status),
        liabilityLimitSdr: MONTREAL_BAGGAGE_LIMIT_SDR,
        nextStage: upcoming
          ? { at: upcoming.at.toISOString(), amount: upcoming.stage.amount }
          : null,
      },
      item: null,
      next: { resolution: next },
      evidence: [],
      trail: trailOf(view, caller),
    };
  };
}
