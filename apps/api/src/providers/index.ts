import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { Encryption } from '../lib/encryption.ts';
import type { Fingerprints } from '../lib/fingerprints.ts';
import { bagTracingProvider } from './bag-tracing/index.ts';
import { breachesProvider } from './breaches/index.ts';
import { cardVaultProvider } from './card-vault/index.ts';
import { disruptionProvider } from './disruption/index.ts';
import { flightsProvider } from './flights/index.ts';
import type { BrandOf } from './notifications/brand.ts';
import { notificationsProvider } from './notifications/index.ts';
import { openBankingProvider } from './open-banking/index.ts';
import type { OutboxRepo } from './notifications/outbox-repo.ts';
import { triggerFeedProvider } from './parametric-triggers/index.ts';
import { triggersOf } from './parametric-triggers/simulator/index.ts';
import { payoutsProvider } from './payouts/index.ts';
import { scannerProvider } from './scanner/index.ts';
import { storageProvider } from './storage/index.ts';

/** What providers are built from, besides the configuration. */
export interface ProviderDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** A partner's brand, for branded email (read at delivery time). */
  brandOf: BrandOf;
  /** Where the simulated notifications provider keeps messages (also read at /dev/outbox). */
  outbox: OutboxRepo;
  /** The installation's encryption (what a simulator keeps of personal data, it keeps encrypted). */
  encryption: Encryption;
  /** Keyed hashes of identifiers: the card vault's and the monitoring area's are the same. */
  fingerprints: Fingerprints;
}

/**
 * Every provider of the app, as `areaModules` lists the areas: each `providers/<name>/index.ts`
 * picks the simulator or a real adapter from the configuration. A new port is one entry here
 * (and its port on the `Platform` follows from it).
 */
const providerChoices = {
  /** Where emails and SMS finally go (SMTP_URL, SMS_URL), else the outbox table. */
  delivery: notificationsProvider,
  /** Bank fields and lookups, account checks, transfers. */
  payouts: payoutsProvider,
  /** Schedules, and where a flight is (FLIGHTS_PROVIDER). */
  flights: flightsProvider,
  /** What disruption resolutions book with: lounges, hotels, rebooking, loyalty points. */
  disruption: disruptionProvider,
  /** The airline's lost-bag tracing (WorldTracer's side): files opened, where bags stand. */
  bagTracing: bagTracingProvider,
  /** Where uploaded documents' bytes are kept (STORAGE_PROVIDER): DATA_DIR, or an S3 bucket. */
  storage: storageProvider,
  /** What scans uploads for malware (SCANNER_PROVIDER): the EICAR simulator, or clamd. */
  scanner: scannerProvider,
  /** Parametric triggers measured at insured businesses (outages, floods, closure orders). */
  triggerFeed: triggerFeedProvider,
  /** Breaches and the identifiers in them (BREACH_PROVIDER): the simulator, or Have I Been Pwned. */
  breaches: breachesProvider,
  /** The card vault: the card-entry frame on its own origin, tokens for card numbers. */
  cardVault: cardVaultProvider,
  /**
   * Open-banking account information (consents, revenue): the embedded simulated bank, whose
   * businesses take less after the simulated feed's events at their premises.
   */
  openBanking: (config: Config, deps: ProviderDeps) =>
    openBankingProvider(config, {
      ...deps,
      disruptions: (businessRef) => triggersOf(deps.db, businessRef, deps.clock.now()),
    }),
} satisfies Record<string, (config: Config, deps: ProviderDeps) => unknown>;

export type Providers = {
  [Name in keyof typeof providerChoices]: ReturnType<(typeof providerChoices)[Name]>;
};

/**
 * The providers the configuration names; those in `given` (a test's own) are taken as they
 * are, and the configuration's choice for them is not built.
 */
export function composeProviders(
  config: Config,
  deps: ProviderDeps,
  given: Partial<Providers> = {},
): Providers {
  return Object.fromEntries(
    Object.entries(providerChoices).map(([name, choose]) => [
      name,
      given[name as keyof Providers] ?? choose(config, deps),
    ]),
  ) as Providers;
}
