import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '@tern/domain';
import type { TriggerEvent, TriggerFeedPort } from './port.ts';

/** An event an adapter's test makes happen at its source (its sandbox, or the simulator). */
export type EmittedTrigger = Omit<TriggerEvent, 'eventId'>;

/**
 * What every trigger feed adapter must do, the simulator's and a real feed's alike: run it
 * with `triggerFeedPortSuite('gauges', async () => ({ port, close, emit, advance, now }))`,
 * where `emit` makes an event happen at the source (a sandbox's test call), `now` is the
 * adapter's clock and `advance` moves it. The suite expects a feed with nothing in it yet.
 */
export function triggerFeedPortSuite(
  name: string,
  open: () => Promise<{
    port: TriggerFeedPort;
    close: () => Promise<void>;
    emit: (event: EmittedTrigger) => Promise<void>;
    now: () => Date;
    advance: (ms: number) => void;
  }>,
) {
  describe(`trigger feed port: ${name}`, () => {
    let subject: Awaited<ReturnType<typeof open>>;
    /** Where the suite's reader stands, as the claims area keeps it between readings. */
    let cursor: string | null = null;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(() => subject.close());

    const at = (offsetMs: number) => new Date(subject.now().getTime() + offsetMs).toISOString();
    const event = (businessRef: string, offsetMs: number, measuredValue = 60): EmittedTrigger => ({
      businessRef,
      type: 'outage',
      measuredValue,
      source: 'Distribution network operator outage feed',
      at: at(offsetMs),
    });
    /** Reads on from the suite's cursor, moving it. */
    const read = async (limit = 100) => {
      const answer = await subject.port.since(cursor, limit);
      cursor = answer.cursor;
      return answer.events;
    };
    const shape = (events: TriggerEvent[]) =>
      events.map(({ businessRef, type, measuredValue, source, at }) => ({
        businessRef,
        type,
        measuredValue,
        source,
        at,
      }));

    it('gives events that have happened once each, oldest first, with what was measured', async () => {
      const emitted = [
        event('suite-a', -3 * HOUR_MS, 300),
        event('suite-b', -2 * HOUR_MS, 45),
        event('suite-a', -1 * HOUR_MS, 90),
      ];
      // Emitted out of order: the feed orders them by when they happened.
      for (const e of [emitted[1]!, emitted[0]!, emitted[2]!]) await subject.emit(e);
      const events = await read();
      expect(shape(events)).toEqual(emitted);
      expect(new Set(events.map((e) => e.eventId)).size).toBe(3);
      expect(await read()).toEqual([]);
      expect(cursor).not.toBeNull();
    });

    it('gives an event of the future only once the clock reaches its time', async () => {
      await subject.emit(event('suite-c', 30 * MINUTE_MS));
      expect(await read()).toEqual([]);
      subject.advance(29 * MINUTE_MS);
      expect(await read()).toEqual([]);
      subject.advance(MINUTE_MS);
      expect(shape(await read())).toEqual([event('suite-c', 0)]);
      expect(await read()).toEqual([]);
    });

    it('resumes from a cursor: the same events again from an old one, none twice from the new', async () => {
      const before = cursor;
      await subject.emit(event('suite-d', -MINUTE_MS));
      await subject.emit(event('suite-e', -MINUTE_MS / 2));
      const first = await subject.port.since(before, 100);
      const again = await subject.port.since(before, 100);
      expect(again).toEqual(first);
      expect(first.events.map((e) => e.businessRef)).toEqual(['suite-d', 'suite-e']);
      expect(await subject.port.since(first.cursor, 100)).toEqual({
        events: [],
        cursor: first.cursor,
      });
      cursor = first.cursor;
    });

    it('gives at most `limit` events, the rest on the next readings', async () => {
      for (let i = 0; i < 5; i++) await subject.emit(event(`suite-f${i}`, -(5 - i) * 1000));
      const pages = [await read(2), await read(2), await read(2), await read(2)];
      expect(pages.map((page) => page.length)).toEqual([2, 2, 1, 0]);
      expect(pages.flat().map((e) => e.businessRef)).toEqual([
        'suite-f0',
        'suite-f1',
        'suite-f2',
        'suite-f3',
        'suite-f4',
      ]);
    });
  });
}
