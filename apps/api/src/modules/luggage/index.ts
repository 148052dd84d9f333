import { luggageContracts } from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { renderTemplate } from '../../providers/notifications/templates.ts';
import { usersRepo } from '../accounts/index.ts';
import { areaGate } from '../partners/index.ts';
import { travelRepo } from '../travel/index.ts';
import { bagFiles } from './bag-files.ts';
import { luggageJobs } from './jobs.ts';
import { luggageRepo } from './repo.ts';
import { luggageRoutes } from './routes.ts';
import { luggageService, type BagChange } from './service.ts';
import { tracingService } from './tracing.ts';

export { announceBagChange } from './jobs.ts';
export type { BagChange } from './service.ts';

type BagListener = (change: BagChange) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    lostBags: {
      /**
       * Called after each committed change of a bag's status: the report completed
       * (BAG_REPORTED_LOST), then each step of tracing (the resolutions area stages cash on it).
       */
      subscribe: (listener: BagListener) => void;
      /**
       * The resolutions area's say before a report is withdrawn: true when the bag has cash
       * claimed or paid (403 BAG_RESOLUTION_PENDING). Without one, nothing holds a bag.
       */
      holdRemoval: (pending: (bagId: string) => Promise<boolean>) => void;
    };
  }
}

/** Lost luggage (spec 2 §7 "Luggage"), for partners with the default travel configuration. */
export const luggageModule = defineModule(
  'luggage',
  ['accounts', 'travel', 'documents'],
  (app, { db, clock, live, jobs, notifications, bagTracing, partnerEvents }) => {
    const repo = luggageRepo(db);
    const users = usersRepo(db);
    const listeners: BagListener[] = [];
    const holds: ((bagId: string) => Promise<boolean>)[] = [];
    app.decorate('lostBags', {
      subscribe: (listener) => void listeners.push(listener),
      holdRemoval: (pending) => void holds.push(pending),
    });
    const changed = async (change: BagChange) => {
      // A listener's failure must not undo the change: its own sweep catches up.
      for (const listener of listeners)
        await listener(change).catch((error: unknown) =>
          app.log.error({ err: error, bagId: change.bagId }, 'lost bag listener failed'),
        );
    };
    const travel = travelRepo(db);
    const luggage = luggageService({
      repo,
      events: partnerEvents,
      travel,
      tracing: bagTracing,
      clock,
      live,
      changed,
      hasPendingResolution: async (bagId) => {
        for (const pending of holds) if (await pending(bagId)) return true;
        return false;
      },
      files: bagFiles({ repo, travel, documents: app.documents }),
    });
    const tracing = tracingService({
      repo,
      events: partnerEvents,
      tracing: bagTracing,
      clock,
      live,
      changed,
      tell: async (bag, status) => {
        const [user, partner] = await Promise.all([
          users.findById(bag.userId),
          app.partners.byId(bag.partnerId),
        ]);
        if (!user || !partner) return;
        await notifications.send({
          channel: 'email',
          to: user.emailAddress,
          partnerId: partner.id,
          template: 'bag-status',
          locale: user.locale,
          userId: user.id,
          ...renderTemplate('bag-status', user.locale, {
            pir: bag.pir,
            status,
            partnerName: partner.name,
          }),
        });
      },
    });
    jobs.register(luggageJobs, tracing);
    registerContracts(app, luggageContracts, luggageRoutes(luggage), {
      gate: areaGate('luggage'),
      // The luggage panel's (spec 2 §6): a widget session without it has no lost bags.
      feature: 'customer-travel-luggage',
    });
  },
);
