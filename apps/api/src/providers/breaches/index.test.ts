import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONITORED_DATA_TYPES } from '@tern/domain';
import { testConfig } from '../../config.ts';
import { openPostgres } from '../../db/client.ts';
import { fakeClock } from '../../lib/clock.ts';
import { createEncryption } from '../../lib/encryption.ts';
import { createFingerprints } from '../../lib/fingerprints.ts';
import { breachesProvider } from './index.ts';

describe('the breach source the configuration names', () => {
  // Nothing here reaches the database: a pool that is never asked connects nowhere.
  const database = openPostgres('postgres://unused@127.0.0.1:1/unused');
  const deps = {
    db: database.db,
    clock: fakeClock(),
    encryption: createEncryption(randomBytes(32)),
    fingerprints: createFingerprints(randomBytes(32)),
  };
  /** A stand-in for HIBP: it keeps what it was asked and knows no address (404). */
  const asked: { url: string; key: string | undefined }[] = [];
  const hibp = createServer((req, res) => {
    asked.push({ url: req.url ?? '', key: req.headers['hibp-api-key'] as string | undefined });
    res.writeHead(404).end();
  });
  let hibpUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => hibp.listen(0, '127.0.0.1', resolve));
    hibpUrl = `http://127.0.0.1:${(hibp.address() as AddressInfo).port}/api/v3`;
  });
  afterAll(async () => {
    await new Promise((resolve) => hibp.close(resolve));
    await database.close();
  });

  it('is the simulator by default: every type looked up, records given', () => {
    const source = breachesProvider(testConfig(), deps);
    expect(source.lookupTypes).toEqual(MONITORED_DATA_TYPES);
    expect(source.hasRecords).toBe(true);
  });

  it('asks Have I Been Pwned at HIBP_URL with HIBP_API_KEY under BREACH_PROVIDER=hibp', async () => {
    const source = breachesProvider(
      testConfig({ BREACH_PROVIDER: 'hibp', HIBP_API_KEY: 'k3y', HIBP_URL: hibpUrl }),
      deps,
    );
    expect(source.hasRecords).toBe(false);
    expect(await source.lookup('EMAIL_ADDRESS', 'someone@example.com')).toEqual([]);
    expect(asked).toEqual([
      { url: '/api/v3/breachedaccount/someone%40example.com?truncateResponse=false', key: 'k3y' },
    ]);
  });

  it('is refused at boot as hibp without a key', () => {
    expect(() => testConfig({ BREACH_PROVIDER: 'hibp' })).toThrow(/HIBP_API_KEY/);
  });
});
