import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { fingerprintsFor } from '../lib/fingerprints.ts';
import { monitoringJobs } from '../modules/monitoring/jobs.ts';
import { fakeClock } from '../lib/clock.ts';
import { simulatedBreachSource } from '../providers/breaches/simulator/index.ts';
import { encryptionFor } from '../lib/encryption-for.ts';
import { freshDatabase } from '../../test/database.ts';

const cli = fileURLToPath(new URL('./sim.ts', import.meta.url));

// Each call starts the command in a process of its own, as the operator does: seconds each.
describe('npm run sim -- breach', { timeout: 90_000 }, () => {
  let database: Database;
  let release: () => Promise<void>;
  let env: NodeJS.ProcessEnv;
  let dataDir: string;
  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
    dataDir = mkdtempSync(join(tmpdir(), 'tern-sim-breach-'));
    env = {
      ...process.env,
      DATABASE_URL: database.pool.options.connectionString,
      DATA_DIR: dataDir,
      SIM_CLOCK: 'false',
      BREACH_PROVIDER: 'simulator',
    };
    // The installation's own keys (the development key files under DATA_DIR), as the app reads them.
    delete env.ENCRYPTION_KEY;
    delete env.FINGERPRINT_KEY;
  });
  afterAll(() => release());

  /** The command as the operator types it: its output, or its error and exit code. */
  const sim = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', cli, ...args],
        { env },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };
  /** The source as the app reads it, with the installation's keys. */
  const source = () => {
    const config = { DATA_DIR: dataDir, ENCRYPTION_KEY: undefined, FINGERPRINT_KEY: undefined };
    return simulatedBreachSource({
      db: database.db,
      clock: fakeClock(),
      encryption: encryptionFor(config),
      fingerprints: fingerprintsFor(config),
    });
  };
  const queuedReads = async () => {
    const { rows } = await database.pool.query<{ n: string }>(
      `select count(*) as n from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = $1`,
      [monitoringJobs['read-breaches'].name],
    );
    return Number(rows[0]!.n);
  };
  const email = 'planted.person@northbank.example';
  let cursor: string | null = null;

  it('plants an email in a new breach, masked in what it prints, and asks the API to scan at once', async () => {
    const done = await sim(
      'breach',
      'add',
      '--type',
      'EMAIL_ADDRESS',
      '--value',
      email,
      '--name',
      'ExampleShop',
      '--title',
      'Example Shop',
      '--domain',
      'exampleshop.example',
      '--classes',
      'Email addresses,Passwords',
      '--date',
      '2026-10-01',
      '--unverified',
    );
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(
      /^ExampleShop: EMAIL_ADDRESS pl\*{4}@northbank\.example planted — new breach "Example Shop"; 1 records held; offered to readers at place #\d+; Tern reads the source now\n$/,
    );
    expect(done.stdout + done.stderr).not.toContain('planted.person');
    expect(await queuedReads()).toBe(1);

    const found = await source().lookup('EMAIL_ADDRESS', email);
    expect(found).toEqual([
      {
        name: 'ExampleShop',
        title: 'Example Shop',
        domain: 'exampleshop.example',
        breachDate: '2026-10-01',
        addedDate: expect.any(String),
        dataClasses: ['Email addresses', 'Passwords'],
        description: expect.stringContaining(
          'In October 2026, Example Shop suffered a data breach',
        ),
        isVerified: false,
        isFabricated: false,
        isSpamList: false,
        isSensitive: false,
      },
    ]);
    // Readers get the corpus and the new breach, the new one last.
    const read = await source().since(null, 100);
    expect(read.breaches.at(-1)!.name).toBe('ExampleShop');
    cursor = read.cursor;
    // Nothing of the value in the clear.
    const { rows } = await database.pool.query<{ dump: string }>(
      `select string_agg(row_to_json(r)::text, ' ') as dump from sim_breach_records r`,
    );
    expect(rows[0]!.dump).not.toContain('planted.person');
  });

  it('adds a phone number to the same breach, which readers are offered again', async () => {
    const done = await sim(
      'breach',
      'add',
      '--type',
      'PHONE_NUMBER',
      '--value',
      '+44 7911 123456',
      '--name',
      'ExampleShop',
    );
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain(
      'ExampleShop: PHONE_NUMBER ****3456 planted — added to the breach (its facts kept); 2 records held',
    );
    expect(done.stdout).not.toMatch(/7911 ?123 ?456/);
    const again = await source().since(cursor, 100);
    expect(again.breaches.map((b) => [b.name, b.dataClasses])).toEqual([
      ['ExampleShop', ['Email addresses', 'Passwords', 'Phone numbers']],
    ]);
    expect((await source().lookup('PHONE_NUMBER', '+447911123456')).map((b) => b.name)).toEqual([
      'ExampleShop',
    ]);
  });

  it('lists the corpus and the planted breach, never a record’s value', async () => {
    const listed = await sim('breach', 'list');
    expect(listed.code, listed.stderr).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(13);
    expect(lines[0]).toMatch(
      /^#1 {2}QuillPost "QuillPost" quillpost\.example: breached 2019-03-14/,
    );
    expect(listed.stdout).toMatch(/OrbitLeadsSpamList .*verified, spam list/);
    expect(listed.stdout).toMatch(/CloudNimbus .*unverified, fabricated/);
    expect(listed.stdout).toMatch(/MeadowMatch .*verified, sensitive/);
    expect(lines.at(-1)).toMatch(
      /ExampleShop "Example Shop" exampleshop\.example: breached 2026-10-01, .* unverified; 2 accounts, 2 records held; Email addresses, Passwords, Phone numbers$/,
    );
    expect(listed.stdout).not.toContain('planted.person');
    expect(listed.stdout).not.toContain('@mailbox.example');
    expect(listed.stdout).not.toMatch(/7911 ?123 ?456/);
  });

  it('refuses a value the portal would refuse, saying why but not the value, and plants nothing', async () => {
    const before = await queuedReads();
    const done = await sim(
      'breach',
      'add',
      '--type',
      'EMAIL_ADDRESS',
      '--value',
      'secret-but-bad@',
      '--name',
      'ExampleShop',
    );
    expect(done.code).toBe(1);
    expect(done.stderr).toContain('--value is not a valid EMAIL_ADDRESS');
    expect(done.stdout + done.stderr).not.toContain('secret-but-bad');
    const unknown = await sim(
      'breach',
      'add',
      '--type',
      'SHOE_SIZE',
      '--value',
      '42',
      '--name',
      'X',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/--type is one of/);
    expect(await queuedReads()).toBe(before);
    const order = await sim('breach', 'remove');
    expect(order.code).toBe(1);
    expect(order.stderr).toMatch(/no order remove/);
  });
});
