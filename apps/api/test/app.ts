import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { testConfig, type Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { fakeClock } from '../src/lib/clock.ts';
import { keysFor } from '../src/lib/encryption-for.ts';
import { demoPartners, type DemoPartner } from '../src/seed/demo-world.ts';
import { seedDemo } from '../src/seed/seed-demo.ts';
import { freshDatabase } from './database.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof fakeClock>;
}

/**
 * Builds the app for one test file on a fresh database, seeded with the demo world unless
 * `seed: false`. Use inside `describe`; the returned object is filled before the first test.
 * Its DATA_DIR (uploaded files) is a folder of its own, removed after, unless the test names one.
 */
export function useTestApp(
  options: {
    seed?: boolean;
    config?: Partial<Record<keyof Config, string>>;
    logStream?: NodeJS.WritableStream;
    /** Routes of the test's own (a contract only it uses), added before the app is ready. */
    extend?: (app: FastifyInstance) => void;
    /**
     * Where the fake clock starts (2026-01-15 12:00 UTC by default): the real time for a test
     * whose outside party checks times against its own clock (a webhook receiver).
     */
    now?: Date;
  } = {},
) {
  const context = {} as TestContext;
  let release: () => Promise<void> = async () => {};
  let ownDataDir: string | undefined;
  beforeAll(async () => {
    const fresh = await freshDatabase();
    release = fresh.release;
    if (!options.config?.DATA_DIR) ownDataDir = mkdtempSync(join(tmpdir(), 'tern-test-'));
    const config = testConfig({
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...options.config,
    });
    context.clock = fakeClock(options.now);
    if (options.seed !== false)
      await seedDemo(fresh.database.db, keysFor(config), context.clock.now());
    context.database = fresh.database;
    context.app = await buildApp({
      config,
      database: fresh.database,
      clock: context.clock,
      ...(options.logStream ? { logStream: options.logStream } : {}),
    });
    options.extend?.(context.app);
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await release();
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
  });
  return context;
}

/** A partner of the demo world by id: its api-key, server secret… */
export function demoPartner(partnerId: string): DemoPartner {
  const partner = demoPartners.find((p) => p.id === partnerId);
  if (!partner) throw new Error(`No demo partner ${partnerId}`);
  return partner;
}

/** Headers of a call from the demo travel portal. */
export const travelKey = { 'api-key': demoPartner('travel').apiKey };
