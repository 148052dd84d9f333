import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsContracts, apiErrorSchema } from '@tern/domain';
import { buildApp } from '../../app.ts';
import { testConfig, type Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { fakeClock } from '../../lib/clock.ts';
import { keysFor } from '../../lib/encryption-for.ts';
import { seedDemo } from '../../seed/seed-demo.ts';
import { freshDatabase } from '../../../test/database.ts';
import { keyOf } from '../../../test/accounts.ts';
import { urlOf } from '../../../test/urls.ts';

/**
 * The per-address limits of the abuse-prone routes live in PostgreSQL: every instance counts
 * into the same window, and a new instance (a restart) goes on counting.
 */
describe('per-address limits across instances', () => {
  let database: Database;
  let release: () => Promise<void>;
  const apps: FastifyInstance[] = [];
  const clock = fakeClock();

  const instance = async (overrides: Partial<Record<keyof Config, string>> = {}) => {
    const app = await buildApp({
      config: testConfig({ AUTH_RATE_LIMIT_MAX: '3', RUN_JOBS: 'false', ...overrides }),
      database,
      clock,
    });
    apps.push(app);
    return app;
  };
  let sent = 0;
  /** Asks for a code for a new address each time: the limit per destination stays clear. */
  const requestCode = (app: FastifyInstance, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.requestCode),
      headers: { ...keyOf('travel'), ...headers },
      payload: { identifier: `nobody-${(sent += 1)}@example.com` },
      remoteAddress: '203.0.113.7',
    });

  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
    await seedDemo(database.db, keysFor(testConfig()), clock.now());
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await release();
  });

  it('counts one window for an address whichever instance it calls, and across a restart', async () => {
    const [first, second] = [await instance(), await instance()];
    expect((await requestCode(first)).statusCode).toBe(200);
    expect((await requestCode(second)).statusCode).toBe(200);
    expect((await requestCode(first)).statusCode).toBe(200);
    const refused = await requestCode(second);
    expect(refused.statusCode).toBe(429);
    expect(apiErrorSchema.parse(refused.json()).code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // A restarted instance knows the count; the window ends after a minute.
    const restarted = await instance();
    expect((await requestCode(restarted)).statusCode).toBe(429);
    clock.advance(61_000);
    expect((await requestCode(restarted)).statusCode).toBe(200);
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    clock.advance(61_000);
    // Untrusted (the default): a client cannot buy a fresh allowance with a made-up header.
    const direct = await instance();
    const spoofed = [];
    for (let i = 0; i < 4; i++)
      spoofed.push(
        (await requestCode(direct, { 'x-forwarded-for': `198.51.100.${i}` })).statusCode,
      );
    expect(spoofed).toEqual([200, 200, 200, 429]);

    // Behind a trusted proxy, each client address has its own allowance.
    clock.advance(61_000);
    const proxied = await instance({ TRUST_PROXY: '203.0.113.0/24' });
    const clients = [];
    for (let i = 0; i < 4; i++)
      clients.push(
        (await requestCode(proxied, { 'x-forwarded-for': `198.51.100.${i}` })).statusCode,
      );
    expect(clients).toEqual([200, 200, 200, 200]);
  });
});

describe('what no limit counts', () => {
  let database: Database;
  let release: () => Promise<void>;
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
    await seedDemo(database.db, keysFor(testConfig()));
    app = await buildApp({
      config: testConfig({ RATE_LIMIT_MAX: '3', RUN_JOBS: 'false' }),
      database,
    });
  });
  afterAll(async () => {
    await app.close();
    await release();
  });

  it('serves the health check, the runtime configuration and theme images past the API limit', async () => {
    for (const url of ['/healthz', '/runtime-config.json', '/assets/themes/travel/logo.svg']) {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await app.inject({ url })).statusCode);
      expect(statuses, url).toEqual([200, 200, 200, 200, 200, 200]);
    }
  });
});
