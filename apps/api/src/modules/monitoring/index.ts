import { monitoringContracts } from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { cardVaultPages } from '../../providers/card-vault/index.ts';
import { renderTemplate } from '../../providers/notifications/templates.ts';
import { defineModule } from '../../platform.ts';
import { usersRepo } from '../accounts/index.ts';
import { areaGate, partnerConfig } from '../partners/index.ts';
import { monitoringAlerts } from './alerts-service.ts';
import { monitoringItems } from './items-service.ts';
import { monitoringJobs } from './jobs.ts';
import { monitoringNotifier } from './notify.ts';
import { monitoringRepo } from './repo.ts';
import { monitoringRoutes } from './routes.ts';
import { monitoringScanner } from './scanner.ts';
import { monitoringSubscription } from './service.ts';

export { announceBreaches } from './jobs.ts';

/**
 * Identity monitoring (spec 1 §7 "Monitoring service", issue 29), only for partners with the
 * monitoring configuration (`owl`): the subscription and its initial scan, monitored items kept
 * encrypted and as keyed hashes, the card vault's frame, breaches matched into alerts ranked by
 * severity, and their action plans.
 */
export const monitoringModule = defineModule(
  'monitoring',
  ['accounts'],
  (
    app,
    {
      db,
      clock,
      jobs,
      live,
      notifications,
      encryption,
      fingerprints,
      breaches,
      cardVault,
      partnerEvents,
    },
  ) => {
    const repo = monitoringRepo(db);
    const users = usersRepo(db);
    const partnerById = (id: string) => app.partners.byId(id);
    const notifier = monitoringNotifier({
      live,
      notifications,
      userById: (id) => users.findById(id),
      partnerById,
    });
    const subscription = monitoringSubscription({
      repo,
      clock,
      notifier,
      queueInitialScan: (userId) => jobs.add(monitoringJobs['scan-subscriber'], { userId }),
    });
    const items = monitoringItems({
      repo,
      clock,
      encryption,
      fingerprints,
      cardVault,
      notifier,
      ensureSubscribed: (owner) => subscription.ensureSubscribed(owner),
      startInitialScan: (owner) => subscription.startInitialScan(owner),
      scanning: (itemId) => jobs.addition(monitoringJobs['scan-item'], { itemId }),
    });
    const alerts = monitoringAlerts({
      repo,
      clock,
      notifier,
      async cardOrdered({ partner, userId, reference }) {
        const { supportEmail, defaultLocale } = partnerConfig(partner);
        const user = await users.findById(userId);
        if (!supportEmail || !user) return;
        await notifications.send({
          channel: 'email',
          to: supportEmail,
          partnerId: partner.id,
          template: 'card-replacement',
          locale: defaultLocale,
          ...renderTemplate('card-replacement', defaultLocale, {
            reference,
            name: `${user.firstName} ${user.surname}`.trim(),
            emailAddress: user.emailAddress,
          }),
        });
      },
    });
    const scanner = monitoringScanner({
      repo,
      source: breaches,
      fingerprints,
      encryption,
      clock,
      notifier,
      events: partnerEvents,
      partnerById,
      log: app.log,
    });
    // The embedded vault's frame and its tokenising, on the vault's own host.
    cardVaultPages(app, { db, clock, fingerprints, origin: cardVault.origin });
    jobs.register(monitoringJobs, {
      readBreaches: () => scanner.readBreaches(),
      scanSubscriber: (userId) => scanner.scanSubscriber(userId),
      scanItem: (itemId) => scanner.scanItem(itemId),
    });
    registerContracts(app, monitoringContracts, monitoringRoutes({ subscription, items, alerts }), {
      gate: areaGate('monitoring'),
    });
  },
);
