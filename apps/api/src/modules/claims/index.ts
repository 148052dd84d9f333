import { claimsContracts } from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { openBankingPages } from '../../providers/open-banking/index.ts';
import { defineModule } from '../../platform.ts';
import { usersRepo } from '../accounts/index.ts';
import { areaGate } from '../partners/index.ts';
import { bankRevenue } from './bank-revenue.ts';
import { claimsReader } from './claims-service.ts';
import { consentsService } from './consents-service.ts';
import { itemsService, type ItemsService } from './items-service.ts';
import { claimsJobs } from './jobs.ts';
import { claimNotifier } from './notify.ts';
import { claimOpener } from './open-claims.ts';
import { claimPayouts } from './payouts.ts';
import { claimsRepo } from './repo.ts';
import { claimsRoutes } from './routes.ts';
import { claimWorkflow } from './workflow.ts';

export { claimsRepo } from './repo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The claims area's businesses insured through the one items purchase route (travel's). */
    insuredItems: { buy: ItemsService['buyItems'] };
  }
}
export { announceClockMove, announceTriggers } from './jobs.ts';

/**
 * Parametric claims (issue 28), for partners with the parametric configuration: insured
 * businesses, the open-banking consent their cover reads revenue through, claims opened by
 * trigger events, the prediction, offer and dispute, and the monthly payouts.
 */
export const claimsModule = defineModule(
  'claims',
  ['accounts', 'documents', 'payouts'],
  (app, { db, clock, live, jobs, notifications, openBanking, triggerFeed, partnerEvents }) => {
    const repo = claimsRepo(db, {
      // Every change of a claim's status is the partner's event, in the change's transaction.
      statusChanged: (tx, { alert, owner, previous }) =>
        partnerEvents.emit(
          {
            partnerId: owner.partnerId,
            type: 'claim.status_changed',
            data: {
              claimId: alert.id,
              itemId: alert.itemId,
              userId: owner.userId,
              claimNumber: alert.claimNumber,
              status: alert.status,
              previousStatus: previous,
            },
          },
          tx,
        ),
    });
    const users = usersRepo(db);
    const notifier = claimNotifier({
      live,
      notifications,
      userById: (id) => users.findById(id),
      partnerById: (id) => app.partners.byId(id),
    });
    const bank = bankRevenue({ repo, openBanking, clock });
    const reader = claimsReader({ repo });
    const items = itemsService({ repo, clock, live });
    const opener = claimOpener({
      repo,
      feed: triggerFeed,
      bank,
      clock,
      notifier,
      partnerById: (id) => app.partners.byId(id),
      log: app.log,
    });
    const consents = consentsService({
      repo,
      openBanking,
      clock,
      items,
      connected: (owner) => opener.prefillWaiting(owner),
    });
    const payouts = claimPayouts({
      repo,
      reader,
      bank,
      clock,
      notifier,
      payments: app.payments,
      log: app.log,
    });
    const workflow = claimWorkflow({
      repo,
      reader,
      bank,
      documents: app.documents,
      payouts,
      clock,
      notifier,
      queueUnderwriting: (alertId) => jobs.add(claimsJobs.underwrite, { alertId }),
      queueDisputeReview: (alertId) => jobs.add(claimsJobs['review-dispute'], { alertId }),
    });
    app.decorate('insuredItems', {
      buy: (owner, partner, order) => items.buyItems(owner, partner, order),
    });
    openBankingPages(app, { db, clock });
    app.payments.subscribe((payment) => payouts.paymentChanged(payment));
    app.documents.subscribe(async (document) => {
      if (document.use === 'claim-dispute') await workflow.fileScanned(document);
    });
    jobs.register(claimsJobs, {
      readTriggers: () => opener.readTriggers(),
      underwrite: (alertId) => workflow.underwrite(alertId),
      reviewDispute: (alertId) => workflow.reviewDispute(alertId),
      closeMonths: () => payouts.closeMonths(),
    });
    registerContracts(
      app,
      claimsContracts,
      claimsRoutes({ items, consents, reader, workflow, payouts }),
      { gate: areaGate('claims') },
    );
  },
);
