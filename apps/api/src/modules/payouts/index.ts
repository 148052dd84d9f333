import { payoutsContracts } from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { paymentRailsWidgetRoutes } from '../../providers/payouts/simulator/widget-page.ts';
import { usersRepo } from '../accounts/index.ts';
import { definePayoutsJobs, SEND_PAYMENT } from './jobs.ts';
import { payoutsRepo } from './repo.ts';
import { payoutsRoutes } from './routes.ts';
import { payoutsService } from './service.ts';
import { widgetService } from './widget-service.ts';

/**
 * Payout methods, the partner's payout service, and payments to users (spec 1 §7 "Payout
 * methods"): through the payouts port, whose embedded simulator also serves the
 * payment-rails supplier's page.
 */
export const payoutsModule = defineModule('payouts', ['accounts'], (app, platform) => {
  const { db, clock, jobs } = platform;
  const repo = payoutsRepo(db);
  const payouts = payoutsService({
    repo,
    port: platform.payouts,
    encryption: platform.encryption,
    clock,
    live: platform.live,
    notifications: platform.notifications,
    users: usersRepo(db),
    proveHolder: app.proveHolder,
    queueSend: (paymentId) =>
      jobs.add(SEND_PAYMENT, { paymentId }, { key: `${SEND_PAYMENT}:${paymentId}` }),
  });
  const widget = widgetService({ repo, payouts, partners: app.partners, clock });
  registerContracts(app, payoutsContracts, payoutsRoutes(payouts, widget));
  paymentRailsWidgetRoutes(app, widget.handlers);
  definePayoutsJobs(jobs, payouts, { clock, pollMs: platform.config.PAYOUT_POLL_MS });
});
