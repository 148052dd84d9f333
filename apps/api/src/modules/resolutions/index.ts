import { resolutionsContracts, type PartnerConfig } from '@tern/domain';
import { answerCache, approximateSize } from '../../db/answer-cache.ts';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { claimsRepo } from '../claims/index.ts';
import { areaGate, partnerConfig, type PartnerRow } from '../partners/index.ts';
import { travelRepo } from '../travel/index.ts';
import { bagEngine as bagEngineOf } from './bag-engine.ts';
import { bagOptionsRepo } from './bag-repo.ts';
import { bagViews } from './bag-views.ts';
import { resolutionsJobs, resolutionsQueues } from './jobs.ts';
import { answersService } from './answers-service.ts';
import { fulfilmentService } from './fulfilment-service.ts';
import { chosenEvent, resolutionMoves } from './moves.ts';
import { optionsEngine } from './options-engine.ts';
import { resolutionsRepo } from './repo.ts';
import { resolutionsRoutes } from './routes.ts';
import { resolutionViewsRepo } from './view-repo.ts';
import { resolutionViews } from './views.ts';
import { walletPasses } from './wallet.ts';

/** What this process keeps of flight views (JSON bytes): a few thousand pages' worth. */
const FLIGHT_VIEWS_HELD_BYTES = 32 * 1024 * 1024;

/**
 * Disruption resolutions (spec 2 §4.7, §4.8, §7 "Resolutions"): the options engine answering
 * every new flight alert, the insured's answers and agents' overrides, bookings with the
 * disruption providers (lounges, hotels, rebooking, loyalty) and cash through the payouts area.
 * Its routes exist for partners with the default travel configuration only.
 */
export const resolutionsModule = defineModule(
  'resolutions',
  ['accounts', 'payouts', 'travel', 'luggage', 'claims'],
  (app, { config, db, clock, live, jobs, disruption, partnerEvents }) => {
    const repo = resolutionsRepo(db, {
      // An answer to an option is the partner's event, in the move's transaction.
      moved: async (tx, row, move) => {
        const event = chosenEvent(row, move);
        if (event) await partnerEvents.emit(event, tx);
      },
    });
    const travel = travelRepo(db);
    const bags = bagOptionsRepo(db);
    const items = claimsRepo(db);
    const partnerOf = async (partnerId: string) => {
      const partner = await app.partners.byId(partnerId);
      if (!partner) throw new Error(`Partner ${partnerId} is gone`);
      return { partner, config: partnerConfig(partner) };
    };
    const { queueBooking, queueLounge, queueBagStage } = resolutionsQueues(jobs);
    const moves = resolutionMoves({ repo, travel, clock, live });
    const common = { repo, disruption, partnerOf, clock, moves };
    const engine = optionsEngine({ ...common, travel, queueLounge });
    const bagEngine = bagEngineOf({ bags, partnerOf, clock, moves, queueStage: queueBagStage });
    const fulfilment = fulfilmentService({
      ...common,
      bags,
      payments: app.payments,
      engine,
      queueBooking,
    });
    const answers = answersService({
      ...common,
      travel,
      payments: app.payments,
      engine,
      fulfilment,
      queueBooking,
    });
    jobs.register(resolutionsJobs, { engine, bagEngine, fulfilment });
    // A partner row is kept 30 s by the partners area: its configuration is parsed once per row.
    const configs = new WeakMap<PartnerRow, PartnerConfig>();
    const configOf = (partner: PartnerRow) => {
      let parsed = configs.get(partner);
      if (!parsed) configs.set(partner, (parsed = partnerConfig(partner)));
      return parsed;
    };
    const viewsRepo = resolutionViewsRepo(db);
    const views = resolutionViews({
      repo,
      viewsRepo,
      answers: answerCache(db, { maxSize: FLIGHT_VIEWS_HELD_BYTES, sizeOf: approximateSize }),
      travel,
      configOf,
      brandingOf: async (partnerId) => (await partnerOf(partnerId)).partner.branding,
      wallet: walletPasses(config),
      bagOptions: bagViews({ bags, viewsRepo, configOf, clock }),
      itemOf: async (owner, itemId) => {
        const item = (await items.listItems(owner.userId, owner.partnerId)).find(
          (i) => i.id === itemId,
        );
        return item
          ? { itemId: item.id, itemTypeId: item.itemTypeId, properties: item.properties }
          : undefined;
      },
    });
    app.flightAlerts.subscribe((alert) => engine.answerAlert(alert.id));
    app.lostBags.subscribe((change) => bagEngine.bagChanged(change.bagId));
    // A bag whose cash has been claimed or paid is kept (403 BAG_RESOLUTION_PENDING).
    app.lostBags.holdRemoval((bagId) => bags.cashHeld(bagId));
    app.payments.subscribe((payment) => fulfilment.paymentChanged(payment));
    app.payments.guardResend((payment, methodId) => fulfilment.paymentResent(payment, methodId));
    registerContracts(app, resolutionsContracts, resolutionsRoutes(answers, views), {
      gate: areaGate('resolutions'),
    });
  },
);
