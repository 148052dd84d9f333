import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { Jobs } from './jobs.ts';
import type { Encryption } from './lib/encryption.ts';
import type { Fingerprints } from './lib/fingerprints.ts';
import type { LiveEvents } from './live/events.ts';
import type { PartnerEvents } from './modules/partners/webhooks/events.ts';
import type { Signals } from './live/signals.ts';
import type { Providers } from './providers/index.ts';
import type { NotificationsPort } from './providers/notifications/port.ts';

/**
 * What every area module is built from: the app's explicit dependencies (DESIGN: config,
 * database, clock, providers). Tests build the app with their own (a fake clock, a test
 * database), never with module mocks. Every provider of `providers/index.ts` is here under
 * its name (payouts, flights, disruption…), but the notifications delivery: areas queue
 * messages through `notifications`, and the worker hands them to it.
 */
export interface Platform extends Omit<Providers, 'delivery'> {
  config: Config;
  db: Db;
  clock: Clock;
  encryption: Encryption;
  /** Keyed hashes of monitored identifiers (lib/fingerprints.ts). */
  fingerprints: Fingerprints;
  /** Durable background work: modules define their jobs here and queue runs. */
  jobs: Jobs;
  /** Email and SMS, queued and delivered by a job (the simulator keeps them in the outbox). */
  notifications: NotificationsPort;
  /** Signals between the instances on this database (LISTEN/NOTIFY). */
  signals: Signals;
  /** Tells a user's open pages what changed (the signed-in event stream). */
  live: LiveEvents;
  /**
   * Raises events for the partners' webhooks (trip covered, flight disrupted…), in the
   * transaction of the change that raises them.
   */
  partnerEvents: PartnerEvents;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

/**
 * An area's API module: one Fastify plugin that wires the area's repositories, services and
 * routes (from its contracts) from the platform. It is not encapsulated, so what it
 * decorates (a service other areas use) is visible to the modules registered after it;
 * `dependencies` names those it needs, and registering it before them fails at start.
 */
export function defineModule(
  name: string,
  dependencies: readonly string[],
  setup: (app: FastifyInstance, platform: Platform) => Promise<void> | void,
) {
  return fp<Platform>(async (app, platform) => setup(app, platform), {
    name,
    dependencies: [...dependencies],
    fastify: '5.x',
  });
}
export type AreaModule = ReturnType<typeof defineModule>;
