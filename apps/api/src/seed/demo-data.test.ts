import { describe, expect, it } from 'vitest';
import { isMasked } from '@tern/domain';
import { testConfig } from '../config.ts';
import { monitoredItems } from '../modules/monitoring/tables.ts';
import { payoutMethods } from '../modules/payouts/tables.ts';
import { encryptionFor, keysFor } from '../lib/encryption-for.ts';
import { useTestApp } from '../../test/app.ts';
import { rowCounts } from '../../test/rows.ts';
import { demoDelayCommand } from './demo-data.ts';
import { seedDemo } from './seed-demo.ts';

const counts = (db: Parameters<typeof seedDemo>[0]) =>
  rowCounts(db, [
    'passengers',
    'payout_methods',
    'insured_items',
    'item_permissions',
    'item_alerts',
    'monitoring_subscribers',
    'monitored_items',
    'trips',
    'flights',
    'trip_passengers',
    'lost_bags',
  ]);

describe("demo users' datasets", () => {
  const t = useTestApp();

  it('gives each configuration its demo data, the travel user a past and an upcoming trip', async () => {
    expect(await counts(t.database.db)).toEqual({
      passengers: 2,
      payout_methods: 1,
      insured_items: 1,
      item_permissions: 1,
      item_alerts: 1,
      monitoring_subscribers: 1,
      monitored_items: 2,
      trips: 2,
      // The past single flight; the return trip's two, for both passengers.
      flights: 3,
      trip_passengers: 3,
      lost_bags: 0,
    });
    expect(await demoDelayCommand(t.database.db, t.clock.now())).toBe(
      'npm run sim -- flight delay AC5 2026-01-18 --minutes 180',
    );
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await counts(t.database.db);
    await seedDemo(t.database.db, keysFor(testConfig()), t.clock.now());
    expect(await counts(t.database.db)).toEqual(before);
  });

  it('books a new upcoming trip when a later start finds none', async () => {
    const later = new Date(t.clock.now().getTime() + 30 * 86_400_000);
    await seedDemo(t.database.db, keysFor(testConfig()), later);
    expect(await counts(t.database.db)).toMatchObject({ trips: 3, flights: 5 });
    expect(await demoDelayCommand(t.database.db, later)).toBe(
      'npm run sim -- flight delay AC5 2026-02-17 --minutes 180',
    );
  });

  it('stores account numbers only encrypted and monitored values not at all', async () => {
    const [method, ...rest] = await t.database.db.select().from(payoutMethods);
    expect(rest).toEqual([]);
    expect(method!.accountMasked).toEqual({ accountNumber: '****4321' });
    expect(method!.accountCiphertext).not.toContain('7654321');
    expect(JSON.parse(encryptionFor(testConfig()).decrypt(method!.accountCiphertext!))).toEqual({
      institutionNumber: '004',
      transitNumber: '12345',
      accountNumber: '7654321',
    });
    for (const row of await t.database.db.select().from(monitoredItems)) {
      expect(isMasked(row.displayValue)).toBe(true);
      expect(JSON.stringify(row)).not.toMatch(/uma\.user@|4242424242424242/);
    }
  });
});
