import type { FastifyInstance } from 'fastify';
import { AppError, luggageContracts } from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { renderTemplate } from '../../providers/notifications/templates.ts';
import { usersRepo } from '../accounts/index.ts';
import { areaGate } from '../partners/index.ts';
import { travelRepo } from '../travel/index.ts';
import { bagFiles, type BagDocuments } from './bag-files.ts';
import { luggageJobs } from './jobs.ts';
import { luggageRepo } from './repo.ts';
import { luggageRoutes } from './routes.ts';
import { luggageService, type BagChange } from './service.ts';
import { tracingService } from './tracing.ts';

export { announceBagChange } from './jobs.ts';
export { luggageRepo } from './repo.ts';
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

/**
 * The documents area as the luggage area uses it (`app.documents`, issue 27's documents
 * module), looked up when a call needs it: until that module is registered, a bag has no
 * files to show and an upload or a download answers 404.
 * TODO(i27 merge): `app.documents` itself, and 'documents' among the module's dependencies.
 */
function documentsOf(app: FastifyInstance): BagDocuments {
  const area = () => {
    if (!app.hasDecorator('documents'))
      throw new AppError('DOCUMENT_NOT_FOUND', { message: 'No documents area' });
    return app.getDecorator<BagDocuments>('documents');
  };
  return {
    store: (...args) => area().store(...args),
    attach: (...args) => area().attach(...args),
    find: async (owner, ids) =>
      ids.length === 0 || !app.hasDecorator('documents') ? [] : area().find(owner, ids),
    remove: (...args) => area().remove(...args),
    downloadUrl: (...args) => area().downloadUrl(...args),
  };
}

/** Lost luggage (spec 2 §7 "Luggage"), for partners with the default travel configuration. */
export const luggageModule = defineModule(
  'luggage',
  ['accounts', 'travel'],
  (app, { db, clock, live, jobs, notifications, bagTracing }) => {
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
      travel,
      tracing: bagTracing,
      clock,
      live,
      changed,
      hasPendingResolution: async (bagId) => {
        for (const pending of holds) if (await pending(bagId)) return true;
        return false;
      },
      files: bagFiles({ repo, travel, documents: documentsOf(app) }),
    });
    const tracing = tracingService({
      repo,
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
    });
  },
);
