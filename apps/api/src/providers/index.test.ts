import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baselineBranding } from '@tern/domain';
import { testConfig, type Config } from '../config.ts';
import { keysFor } from '../lib/encryption-for.ts';
import { openPostgres } from '../db/client.ts';
import { fakeClock } from '../lib/clock.ts';
import { composeProviders, type ProviderDeps } from './index.ts';
import { outboxRepo } from './notifications/outbox-repo.ts';
import type { PayoutsPort } from './payouts/port.ts';

describe('composing the providers from the configuration', () => {
  // Nothing here reaches the database: a pool that is never asked connects nowhere.
  const database = openPostgres('postgres://unused@127.0.0.1:1/unused');
  const deps: ProviderDeps = {
    db: database.db,
    clock: fakeClock(),
    log: { warn: () => {} } as unknown as FastifyBaseLogger,
    brandOf: async () => ({ branding: baselineBranding }),
    outbox: outboxRepo(database.db),
    ...keysFor(testConfig()),
  };
  /** A stand-in for AeroDataBox: it keeps the paths asked and knows no flight (204). */
  const asked: string[] = [];
  const aeroDataBox = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.writeHead(204).end();
  });
  let aeroDataBoxUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => aeroDataBox.listen(0, '127.0.0.1', resolve));
    aeroDataBoxUrl = `http://127.0.0.1:${(aeroDataBox.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => aeroDataBox.close(resolve));
    await database.close();
  });
  const configWith = (overrides: Partial<Record<keyof Config, string>>) =>
    testConfig({ AERODATABOX_URL: aeroDataBoxUrl, ...overrides });

  it('builds every provider, the flights simulator by default', async () => {
    const providers = composeProviders(configWith({}), deps);
    expect(Object.keys(providers).sort()).toEqual([
      'bagTracing',
      'breaches',
      'cardVault',
      'delivery',
      'disruption',
      'flights',
      'openBanking',
      'payouts',
      'scanner',
      'storage',
      'triggerFeed',
    ]);
    const before = asked.length;
    expect(await providers.flights.schedules('AC123', '2026-12-10')).not.toEqual([]);
    expect(asked.length).toBe(before);
  });

  it('asks AeroDataBox for flights with FLIGHTS_PROVIDER=aerodatabox', async () => {
    const { flights } = composeProviders(
      configWith({ FLIGHTS_PROVIDER: 'aerodatabox', AERODATABOX_API_KEY: 'k3y' }),
      deps,
    );
    expect(await flights.schedules('AC123', '2026-12-10')).toEqual([]);
    expect(asked.at(-1)).toMatch(/\/flights\/number\/AC123\/2026-12-10/);
  });

  it('takes a provider given as it is, the others from the configuration', async () => {
    const payouts = { transfer: () => Promise.reject(new Error('down')) } as unknown as PayoutsPort;
    const providers = composeProviders(configWith({}), deps, { payouts });
    expect(providers.payouts).toBe(payouts);
    expect(await providers.flights.schedules('AC123', '2026-12-10')).not.toEqual([]);
  });
});
