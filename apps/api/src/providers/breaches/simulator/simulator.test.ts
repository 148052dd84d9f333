import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '@tern/domain';
import type { Database } from '../../../db/client.ts';
import { fakeClock } from '../../../lib/clock.ts';
import { createEncryption } from '../../../lib/encryption.ts';
import { createFingerprints } from '../../../lib/fingerprints.ts';
import { freshDatabase } from '../../../../test/database.ts';
import { breachSourcePortSuite } from '../port-suite.ts';
import type { Breach, BreachRecord } from '../port.ts';
import { simulatedBreachRecords, simulatedBreaches } from '../tables.ts';
import {
  BREACH_CORPUS,
  listBreaches,
  plantBreach,
  plantBulkBreach,
  seedBreachCorpus,
  simulatedBreachSource,
  type PlantedBreach,
} from './index.ts';

const start = new Date('2026-03-02T09:00:00Z');
const keys = () => ({
  encryption: createEncryption(randomBytes(32)),
  fingerprints: createFingerprints(randomBytes(32)),
});

breachSourcePortSuite('simulator', async () => {
  const { database, release } = await freshDatabase();
  const deps = { ...keys(), clock: fakeClock(start) };
  return {
    port: simulatedBreachSource({ db: database.db, ...deps }),
    close: release,
    given: ({ dataType, value }) => ({
      dataType,
      fingerprint: deps.fingerprints.of(dataType, value),
    }),
    plant: async (breach, records) => {
      await plantBreach(
        database.db,
        deps,
        { ...breach, addedDate: new Date(breach.addedDate) },
        records,
      );
    },
  };
});

const facts = (name: string, more: Partial<PlantedBreach> = {}): PlantedBreach => ({
  name,
  title: name,
  domain: `${name.toLowerCase()}.example`,
  breachDate: '2026-02-01',
  dataClasses: ['Email addresses'],
  description: `${name} was breached.`,
  isVerified: true,
  isFabricated: false,
  isSpamList: false,
  isSensitive: false,
  ...more,
});
const email = (value: string): BreachRecord => ({ dataType: 'EMAIL_ADDRESS', value });

/** Every breach from a cursor to the end, in pages. */
async function readAll(
  port: ReturnType<typeof simulatedBreachSource>,
  from: string | null,
  limit = 50,
): Promise<{ breaches: Breach[]; cursor: string | null }> {
  const breaches: Breach[] = [];
  let cursor = from;
  for (;;) {
    const page = await port.since(cursor, limit);
    cursor = page.cursor;
    if (page.breaches.length === 0) return { breaches, cursor };
    breaches.push(...page.breaches);
  }
}

describe('the simulated breach source', () => {
  let database: Database;
  let release: () => Promise<void>;
  const deps = { ...keys(), clock: fakeClock(start) };
  let port: ReturnType<typeof simulatedBreachSource>;
  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
    port = simulatedBreachSource({ db: database.db, ...deps });
  });
  afterAll(() => release());

  it('seeds its corpus on first use, once, even when several instances start together', async () => {
    const instances = Array.from({ length: 3 }, () =>
      simulatedBreachSource({ db: database.db, ...deps }),
    );
    const firsts = await Promise.all(instances.map((source) => source.since(null, 100)));
    for (const first of firsts)
      expect(first.breaches.map((b) => b.name)).toEqual(BREACH_CORPUS.map((c) => c.breach.name));
    expect(await seedBreachCorpus(database.db, deps)).toBe(0);
    expect((await readAll(port, null)).breaches).toHaveLength(BREACH_CORPUS.length);
  });

  it('has a corpus of invented services with the mix of a real source', () => {
    const breaches = BREACH_CORPUS.map((c) => c.breach);
    expect(breaches.length).toBeGreaterThanOrEqual(12);
    expect(breaches.filter((b) => b.isFabricated)).toHaveLength(1);
    expect(breaches.filter((b) => b.isSpamList)).toHaveLength(1);
    expect(breaches.filter((b) => b.isSensitive)).toHaveLength(1);
    expect(breaches.filter((b) => !b.isVerified).length).toBeGreaterThanOrEqual(2);
    for (const b of breaches) {
      expect(b.domain === '' || b.domain.endsWith('.example'), b.name).toBe(true);
      expect(b.breachDate! < b.addedDate.slice(0, 10), b.name).toBe(true);
    }
    const classes = new Set(breaches.flatMap((b) => b.dataClasses));
    for (const c of [
      'Credit cards',
      'Credit card CVV',
      'Passport numbers',
      'Government issued IDs',
    ])
      expect(classes).toContain(c);
    // Made-up identifiers only: every address at a reserved `.example` domain.
    for (const { records } of BREACH_CORPUS)
      for (const record of records.filter((x) => x.dataType === 'EMAIL_ADDRESS'))
        expect(record.value).toMatch(/@[a-z]+\.example$/);
  });

  it("finds a corpus breach by one of its records, of any type, and a stranger's in none", async () => {
    expect((await port.lookup('PASSPORT', 'zx 908 1726')).map((b) => b.name)).toEqual([
      'LumenVoyages',
    ]);
    expect((await port.lookup('CARD', '9400110000004471')).map((b) => b.name)).toEqual([
      'CobaltMart',
    ]);
    expect(await port.lookup('EMAIL_ADDRESS', 'jane.doe@northbank.example')).toEqual([]);
    expect(await port.lookup('EMAIL_ADDRESS', '   ')).toEqual([]);
  });

  it('keeps no identifier in the clear: values encrypted, matched by keyed hash', async () => {
    const secret = 'Secret.Person+Tern@Example.com';
    await plantBreach(database.db, deps, facts('ClearCheck'), [
      email(secret),
      { dataType: 'PASSPORT', value: 'QA7654321' },
    ]);
    const { rows } = await database.pool.query<{ dump: string }>(
      `select row_to_json(r)::text as dump from sim_breach_records r`,
    );
    const dump = rows
      .map((row) => row.dump)
      .join('\n')
      .toLowerCase();
    expect(dump).not.toContain('secret.person');
    expect(dump).not.toContain('qa7654321');
    expect(dump).toContain(deps.fingerprints.of('EMAIL_ADDRESS', secret));
    // Read back through the source as the keyed hashes the scan matches.
    expect((await port.records('ClearCheck', null, 10)).records).toEqual([
      { dataType: 'EMAIL_ADDRESS', fingerprint: deps.fingerprints.of('EMAIL_ADDRESS', secret) },
      { dataType: 'PASSPORT', fingerprint: deps.fingerprints.of('PASSPORT', 'QA7654321') },
    ]);
  });

  it('offers a breach again when records are added to it, its facts kept and its classes grown', async () => {
    const first = await plantBreach(
      database.db,
      deps,
      facts('ExampleShop', { title: 'Example Shop' }),
      [email('first@shop.example')],
    );
    expect(first).toMatchObject({ created: true, added: 1, held: 1 });
    expect(first.breach.addedDate).toBe(start.toISOString());
    const { cursor } = await readAll(port, null);
    deps.clock.advance(5 * MINUTE_MS);
    const again = await plantBreach(
      database.db,
      deps,
      facts('ExampleShop', { title: 'Ignored', isVerified: false }),
      [email('FIRST@shop.example'), { dataType: 'PASSPORT', value: 'QB1234567' }],
    );
    // The address it held already is not held twice; the passport is new.
    expect(again).toMatchObject({ created: false, added: 1, held: 2 });
    expect(again.place).toBeGreaterThan(first.place);
    expect(again.breach).toMatchObject({
      title: 'Example Shop',
      isVerified: true,
      addedDate: start.toISOString(),
      dataClasses: ['Email addresses', 'Passport numbers'],
    });
    expect((await readAll(port, cursor)).breaches).toEqual([again.breach]);
    const listed = (await listBreaches(database.db, deps)).find((b) => b.name === 'ExampleShop');
    expect(listed).toMatchObject({
      records: 2,
      pwnCount: 2,
      place: again.place,
      modified: new Date(start.getTime() + 5 * MINUTE_MS).toISOString(),
    });
    expect(JSON.stringify(listed)).not.toContain('first@shop.example');
  });

  it('adds a planted record to a corpus breach, which then matches it', async () => {
    const done = await plantBreach(database.db, deps, facts('HarbourFit'), [
      email('member@northbank.example'),
    ]);
    expect(done.created).toBe(false);
    expect(done.breach.title).toBe('HarbourFit');
    expect(
      (await port.lookup('EMAIL_ADDRESS', 'member@northbank.example')).map((b) => b.name),
    ).toEqual(['HarbourFit']);
  });

  it('keeps a breach that is still being loaded from every reader', async () => {
    const [row] = await database.db
      .insert(simulatedBreaches)
      .values({
        ...facts('HalfLoaded'),
        addedDate: start,
        modified: start,
        dataClasses: ['Email addresses'],
      })
      .returning();
    await database.db.insert(simulatedBreachRecords).values({
      breachId: row!.id,
      dataType: 'EMAIL_ADDRESS',
      value: deps.encryption.encrypt('half@loaded.example'),
      fingerprint: deps.fingerprints.of('EMAIL_ADDRESS', 'half@loaded.example'),
    });
    expect((await readAll(port, null)).breaches.map((b) => b.name)).not.toContain('HalfLoaded');
    expect(await port.lookup('EMAIL_ADDRESS', 'half@loaded.example')).toEqual([]);
    expect(await port.records('HalfLoaded', null, 10)).toEqual({ records: [], cursor: null });
    await expect(
      plantBreach(database.db, deps, facts('HalfLoaded'), [email('more@loaded.example')]),
    ).rejects.toThrow(/being bulk-loaded/);
  });

  it('refuses cursors it never gave', async () => {
    await expect(port.since('-1', 10)).rejects.toThrow(/cursor/);
    await expect(port.since('1.5', 10)).rejects.toThrow(/cursor/);
    await expect(port.records('QuillPost', 'abc', 10)).rejects.toThrow(/cursor/);
  });

  it('never lets a reader pass a breach while several instances plant and read at once', async () => {
    const { cursor: end } = await readAll(port, null);
    const count = 40;
    const readers = Array.from({ length: 3 }, () => ({
      port: simulatedBreachSource({ db: database.db, ...deps }),
      cursor: end,
      seen: [] as string[],
    }));
    const readOnce = async (reader: (typeof readers)[number]) => {
      const { breaches, cursor } = await reader.port.since(reader.cursor, 3);
      reader.seen.push(...breaches.map((b) => b.name));
      reader.cursor = cursor;
    };
    const names = Array.from({ length: count }, (_, i) => `Race${String(i).padStart(2, '0')}`);
    // Plants by four "instances" at once while the readers keep reading.
    let planting = true;
    const planters = Promise.all(
      [0, 1, 2, 3].map(async (lane) => {
        for (let i = lane; i < count; i += 4)
          await plantBreach(database.db, deps, facts(names[i]!), [email(`${i}@race.example`)]);
      }),
    ).finally(() => {
      planting = false;
    });
    while (planting) await Promise.all(readers.map(readOnce));
    await planters;
    for (const reader of readers) {
      const rest = await readAll(reader.port, reader.cursor);
      reader.seen.push(...rest.breaches.map((b) => b.name));
      expect([...reader.seen].sort()).toEqual(names);
    }
  });
});

describe('the bulk breach for benches', () => {
  let database: Database;
  let release: () => Promise<void>;
  const deps = { ...keys(), clock: fakeClock(start) };
  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
  });
  afterAll(() => release());

  it('plants many records with the matching ones among them, released once all are in', async () => {
    const port = simulatedBreachSource({ db: database.db, ...deps });
    const { cursor } = await readAll(port, null);
    const matching: BreachRecord[] = [
      email('bench.one@northbank.example'),
      { dataType: 'PASSPORT', value: 'QC1234567' },
    ];
    const done = await plantBulkBreach(database.db, deps, {
      name: 'BulkBench',
      records: 25_000,
      matching,
      batchSize: 4_000,
    });
    expect(done.records).toBe(25_000);
    expect(done.breach.dataClasses).toEqual(['Email addresses', 'Passport numbers', 'Passwords']);
    expect((await readAll(port, cursor)).breaches).toEqual([done.breach]);
    expect((await port.lookup('PASSPORT', 'QC1234567')).map((b) => b.name)).toEqual(['BulkBench']);
    expect(
      (await port.lookup('EMAIL_ADDRESS', 'Bench.One@northbank.example')).map((b) => b.name),
    ).toEqual(['BulkBench']);
    const { rows } = await database.pool.query<{ n: number }>(
      `select count(*)::int as n from sim_breach_records where breach_id =
         (select id from sim_breach_breaches where name = 'BulkBench')`,
    );
    expect(rows[0]!.n).toBe(25_000);
    const firstPage = await port.records('BulkBench', null, 10_000);
    expect(firstPage.records).toHaveLength(10_000);
    // Two batches are written at once, so their ids may interleave: the first record is in the
    // first page, not necessarily first.
    expect(firstPage.records).toContainEqual({
      dataType: 'EMAIL_ADDRESS',
      fingerprint: deps.fingerprints.of('EMAIL_ADDRESS', 'bulkbench.0000000000@bulk.example'),
    });
    expect(firstPage.cursor).not.toBeNull();
  });

  it('refuses a name already taken and a count below its matching records, leaving nothing behind', async () => {
    await expect(
      plantBulkBreach(database.db, deps, { name: 'QuillPost', records: 10 }),
    ).rejects.toThrow();
    await expect(
      plantBulkBreach(database.db, deps, {
        name: 'TooSmall',
        records: 1,
        matching: [email('a@b.example'), email('c@d.example')],
      }),
    ).rejects.toThrow(/at least its 2 matching/);
    const { rows } = await database.pool.query(
      `select 1 from sim_breach_breaches where name = 'TooSmall' or released_seq is null`,
    );
    expect(rows).toEqual([]);
  });
});

describe('the corpus seed', () => {
  it('lists breaches in the order readers get them, with no record values', async () => {
    const { database, release } = await freshDatabase();
    try {
      const deps = { ...keys(), clock: fakeClock(start) };
      const listed = await listBreaches(database.db, deps);
      expect(listed.map((b) => b.name)).toEqual(BREACH_CORPUS.map((c) => c.breach.name));
      expect(listed.map((b) => b.place)).toEqual(listed.map((_, i) => i + 1));
      for (const b of listed) expect(b.records).toBeGreaterThan(0);
      const { rows } = await database.db.execute(
        sql`select count(*)::int as n from sim_breach_records`,
      );
      expect(rows[0]!.n).toBe(BREACH_CORPUS.flatMap((c) => c.records).length);
    } finally {
      await release();
    }
  });
});
