import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '@tern/domain';
import type { Database } from '../../../db/client.ts';
import { fakeClock } from '../../../lib/clock.ts';
import { freshDatabase } from '../../../../test/database.ts';
import { triggerFeedPortSuite } from '../port-suite.ts';
import type { TriggerEvent } from '../port.ts';
import {
  DEFAULT_TRIGGER_SOURCES,
  recordTrigger,
  recordedTriggers,
  simulatedTriggerFeed,
  triggerFromOrder,
  triggersOf,
} from './index.ts';

const start = new Date('2026-03-02T09:00:00Z');

triggerFeedPortSuite('simulator', async () => {
  const { database, release } = await freshDatabase();
  const clock = fakeClock(start);
  return {
    port: simulatedTriggerFeed({ db: database.db, clock }),
    close: release,
    emit: async (event) => {
      await recordTrigger(database.db, { ...event, at: new Date(event.at) });
    },
    now: () => clock.now(),
    advance: (ms) => {
      clock.advance(ms);
    },
  };
});

describe('the simulated trigger feed', () => {
  let database: Database;
  let release: () => Promise<void>;
  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
  });
  afterAll(() => release());

  const flood = (businessRef: string, at: Date, measuredValue = 45) => ({
    businessRef,
    type: 'flood' as const,
    measuredValue,
    source: 'Environment Agency river level gauge',
    at,
  });

  it('answers a recorded event as the feed gives it', async () => {
    const recorded = await recordTrigger(database.db, flood('record-1', start, 52));
    expect(recorded).toEqual({
      eventId: expect.any(String),
      businessRef: 'record-1',
      type: 'flood',
      measuredValue: 52,
      source: 'Environment Agency river level gauge',
      at: start.toISOString(),
    });
  });

  it("lists a business's events that had happened by a time, oldest first, read or not", async () => {
    const ref = 'business-history';
    await recordTrigger(database.db, flood(ref, new Date(start.getTime() + 2 * HOUR_MS), 80));
    await recordTrigger(database.db, flood(ref, new Date(start.getTime() - HOUR_MS), 40));
    await recordTrigger(database.db, flood('someone-else', start));
    expect(await triggersOf(database.db, ref, start)).toEqual([
      expect.objectContaining({
        measuredValue: 40,
        at: new Date(start.getTime() - HOUR_MS).toISOString(),
      }),
    ]);
    const later = await triggersOf(database.db, ref, new Date(start.getTime() + 2 * HOUR_MS));
    expect(later.map((e) => e.measuredValue)).toEqual([40, 80]);
    expect(await triggersOf(database.db, 'nobody', start)).toEqual([]);
  });

  it('lists every event of a business for its operator, given or not yet', async () => {
    const ref = 'operator-view';
    await recordTrigger(database.db, flood(ref, new Date(start.getTime() - HOUR_MS), 40));
    await recordTrigger(database.db, flood(ref, new Date(start.getTime() + HOUR_MS), 60));
    await simulatedTriggerFeed({ db: database.db, clock: fakeClock(start) }).since(null, 1000);
    expect(
      (await recordedTriggers(database.db, ref)).map((e) => [e.measuredValue, e.released]),
    ).toEqual([
      [40, true],
      [60, false],
    ]);
  });

  it('refuses a cursor it never gave', async () => {
    const feed = simulatedTriggerFeed({ db: database.db, clock: fakeClock(start) });
    await expect(feed.since('not-a-cursor', 10)).rejects.toThrow(/cursor/);
    await expect(feed.since('-1', 10)).rejects.toThrow(/cursor/);
  });

  it('never lets a reader pass an event while several instances read as events come due', async () => {
    const clock = fakeClock(start);
    const ref = (i: number) => `race-${String(i).padStart(3, '0')}`;
    // Events a minute apart, coming due while four instances read, each with its own cursor.
    const count = 60;
    for (let i = 0; i < count; i++)
      await recordTrigger(
        database.db,
        flood(ref(i), new Date(start.getTime() + (i + 1) * MINUTE_MS)),
      );
    // Instances' clocks a little apart, as machines' are: each finds other events due.
    const readers = Array.from({ length: 4 }, (_, i) => ({
      feed: simulatedTriggerFeed({
        db: database.db,
        clock: { now: () => new Date(clock.now().getTime() + i * 20_000) },
      }),
      cursor: null as string | null,
      seen: [] as TriggerEvent[],
    }));
    const readOnce = async (reader: (typeof readers)[number]) => {
      const { events, cursor } = await reader.feed.since(reader.cursor, 7);
      reader.seen.push(...events);
      reader.cursor = cursor;
    };
    for (let step = 0; step < count; step += 3) {
      clock.advance(3 * MINUTE_MS);
      // Each instance reads in turn with its own cursor, all of them at once.
      await Promise.all(readers.map(readOnce));
    }
    // Then each reads to the end.
    for (const reader of readers)
      for (let more = true; more;) {
        const before = reader.seen.length;
        await readOnce(reader);
        more = reader.seen.length > before;
      }
    const race = (reader: (typeof readers)[number]) =>
      reader.seen.filter((e) => e.businessRef.startsWith('race-')).map((e) => e.businessRef);
    const all = Array.from({ length: count }, (_, i) => ref(i));
    for (const reader of readers) expect(race(reader)).toEqual(all);
  });
});

describe("the operator's trigger order", () => {
  const itemId = '0b6f1c0e-5d7a-4f55-9a7e-2c1f7f0c9d11';
  const now = new Date('2026-03-02T09:00:00Z');
  const order = (values: { type?: string; value?: string; at?: string; source?: string }) =>
    triggerFromOrder(
      { itemId, type: undefined, value: undefined, at: undefined, source: undefined, ...values },
      now,
    );

  it('reads each type in its unit, now and from its usual source unless told', () => {
    expect(order({ type: 'flood', value: '45cm' })).toEqual({
      ok: true,
      record: {
        businessRef: itemId,
        type: 'flood',
        measuredValue: 45,
        source: 'Environment Agency river level gauge',
        at: now,
      },
    });
    expect(order({ type: 'flood', value: '0.5m' })).toMatchObject({
      record: { measuredValue: 50 },
    });
    expect(order({ type: 'outage', value: '5h' })).toMatchObject({
      record: { measuredValue: 300, source: DEFAULT_TRIGGER_SOURCES.outage },
    });
    expect(
      order({
        type: 'closure',
        value: '90min',
        at: '2026-03-03T07:15:00Z',
        source: 'Leeds City Council TRO 2026/114',
      }),
    ).toMatchObject({
      record: {
        measuredValue: 90,
        at: new Date('2026-03-03T07:15:00Z'),
        source: 'Leeds City Council TRO 2026/114',
      },
    });
    expect(DEFAULT_TRIGGER_SOURCES).toEqual({
      flood: 'Environment Agency river level gauge',
      outage: 'Distribution network operator outage feed',
      closure: 'City council traffic regulation order',
    });
  });

  it('refuses a value in another unit than its type’s, saying which it takes', () => {
    expect(order({ type: 'flood', value: '5h' })).toEqual({
      ok: false,
      reason: expect.stringMatching(/flood is measured in centimetres.*45cm.*not 5h/),
    });
    expect(order({ type: 'outage', value: '45cm' })).toEqual({
      ok: false,
      reason: expect.stringMatching(/outage is measured in minutes.*90min.*not 45cm/),
    });
    for (const value of [undefined, 'lots', '0cm', '-3cm', '45'])
      expect(order({ type: 'flood', value })).toMatchObject({ ok: false });
  });

  it('refuses an unknown type, an item that is no id, a time that is not UTC ISO 8601', () => {
    expect(order({ type: 'earthquake', value: '45cm' })).toEqual({
      ok: false,
      reason: '--type is one of outage, flood, closure',
    });
    expect(order({ value: '45cm' })).toMatchObject({ ok: false });
    expect(
      triggerFromOrder(
        { itemId: 'BAKERY-1', type: 'flood', value: '45cm', at: undefined, source: undefined },
        now,
      ),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/not an item id/) });
    for (const at of [
      '2026-03-02 09:00',
      '2026-03-02T09:00:00+01:00',
      '2026-02-30T09:00:00Z',
      '2026-13-45T99:99Z',
      'tomorrow',
    ])
      expect(order({ type: 'flood', value: '45cm', at }), at).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/ISO 8601 UTC/),
      });
    expect(order({ type: 'flood', value: '45cm', source: 'x'.repeat(201) })).toMatchObject({
      ok: false,
    });
  });
});
