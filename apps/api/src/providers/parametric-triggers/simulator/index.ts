import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import {
  TRIGGER_TYPES,
  TRIGGER_TYPE_NAMES,
  parseMeasurement,
  type TriggerType,
} from '@tern/domain';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { TriggerEvent, TriggerFeedPort } from '../port.ts';
import { simulatedTriggerEvents } from '../tables.ts';

type EventRow = typeof simulatedTriggerEvents.$inferSelect;

/** Who measures each type of event when the operator names no source. */
export const DEFAULT_TRIGGER_SOURCES: Record<TriggerType, string> = {
  flood: 'Environment Agency river level gauge',
  outage: 'Distribution network operator outage feed',
  closure: 'City council traffic regulation order',
};

const toEvent = (row: EventRow): TriggerEvent => ({
  eventId: row.id,
  businessRef: row.businessRef,
  type: row.type,
  measuredValue: row.measuredValue,
  source: row.source,
  at: row.at.toISOString(),
});

/** The feed's cursor is the place of the last event read (`released_seq`); null: none yet. */
function placeAfter(cursor: string | null): number {
  if (cursor === null) return 0;
  if (!/^\d{1,15}$/.test(cursor)) throw new Error(`Not a cursor of the trigger feed: ${cursor}`);
  return Number(cursor);
}

/**
 * The embedded trigger feed: the events the operator recorded, each given from the moment the
 * clock (the app's, simulated under SIM_CLOCK) reaches its time.
 *
 * A cursor must never pass an event. Places are given as events come due, inside each
 * reading, under one lock for every instance on the database: a place is given and committed
 * before any other reading can look, so no reader ever sees place 6 while place 5 is still
 * being given (a sequence read while another transaction holds a lower number would let a
 * cursor jump it). Places are 1, 2, 3… with no gaps, in the order the events came due (by
 * their time among those found together).
 */
export function simulatedTriggerFeed(deps: { db: Db; clock: Clock }): TriggerFeedPort {
  const { db, clock } = deps;
  const t = simulatedTriggerEvents;
  return {
    async since(cursor, limit) {
      const after = placeAfter(cursor);
      const now = clock.now();
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended('sim_trigger_events:release', 0))`,
        );
        await tx.execute(sql`
          with due as (
            select id, row_number() over (order by at, created_at, id) as n
              from ${t} where released_seq is null and at <= ${now}
          ), placed as (select coalesce(max(released_seq), 0) as top from ${t})
          update ${t} set released_seq = placed.top + due.n
            from due, placed where ${t.id} = due.id and ${t.releasedSeq} is null`);
        const rows = await tx
          .select()
          .from(t)
          .where(gt(t.releasedSeq, after))
          .orderBy(asc(t.releasedSeq))
          .limit(limit);
        const last = rows.at(-1);
        return { events: rows.map(toEvent), cursor: last ? String(last.releasedSeq) : cursor };
      });
    },
  };
}

/** An event as the operator records it. */
export interface TriggerRecord {
  businessRef: string;
  type: TriggerType;
  /** In the type's unit (`parseMeasurement`): centimetres or minutes. */
  measuredValue: number;
  source: string;
  at: Date;
}

/**
 * Records an event in the simulated feed (`npm run sim -- parametric trigger …`): given to
 * readers once the clock reaches `at` (at once when it is past). Answers it as the feed will.
 */
export async function recordTrigger(db: Db, event: TriggerRecord): Promise<TriggerEvent> {
  const [row] = await db.insert(simulatedTriggerEvents).values(event).returning();
  return toEvent(row!);
}

/**
 * The events of one business that had happened by `by`, oldest first, whether or not a reader
 * has had them yet: what the simulated bank lowers the business's revenue after.
 */
export async function triggersOf(db: Db, businessRef: string, by: Date): Promise<TriggerEvent[]> {
  const t = simulatedTriggerEvents;
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.businessRef, businessRef), lte(t.at, by)))
    .orderBy(asc(t.at), asc(t.createdAt));
  return rows.map(toEvent);
}

/** An event of the feed as its operator sees it: whether readers have been given it yet. */
export type RecordedTrigger = TriggerEvent & { released: boolean };

/** Every event recorded for a business, past and future, by their time. */
export async function recordedTriggers(db: Db, businessRef: string): Promise<RecordedTrigger[]> {
  const t = simulatedTriggerEvents;
  const rows = await db
    .select()
    .from(t)
    .where(eq(t.businessRef, businessRef))
    .orderBy(asc(t.at), asc(t.createdAt));
  return rows.map((row) => ({ ...toEvent(row), released: row.releasedSeq !== null }));
}

/** The operator's words for a trigger (`npm run sim -- parametric trigger <itemId> …`). */
export interface TriggerOrder {
  itemId: string;
  type: string | undefined;
  value: string | undefined;
  at: string | undefined;
  source: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A moment as the operator gives it: ISO 8601 in UTC (`Z`), to the minute or finer. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;
const SOURCE_MAX_LENGTH = 200;
/** How each unit may be typed, for the refusal of a value in another. */
const UNIT_EXAMPLES = {
  cm: 'centimetres, millimetres or metres, like 45cm, 450mm or 0.5m',
  min: 'minutes, hours or days, like 90min, 5h or 2d',
} as const;

/**
 * The event an operator's order describes, or why it is refused: an item id (a UUID), a type
 * of TRIGGER_TYPES, a value in that type's unit (a flood in cm, an outage or a closure in
 * minutes) above zero, a time in UTC (`now` when left out) and a source (the type's usual
 * one when left out).
 */
export function triggerFromOrder(
  order: TriggerOrder,
  now: Date,
): { ok: true; record: TriggerRecord } | { ok: false; reason: string } {
  if (!UUID.test(order.itemId))
    return {
      ok: false,
      reason: `${order.itemId} is not an item id (a UUID, as the portal's items have)`,
    };
  const type = TRIGGER_TYPE_NAMES.find((name) => name === order.type);
  if (!type) return { ok: false, reason: `--type is one of ${TRIGGER_TYPE_NAMES.join(', ')}` };
  const measuredValue = order.value === undefined ? null : parseMeasurement(type, order.value);
  if (measuredValue === null || measuredValue <= 0)
    return {
      ok: false,
      reason: `--value of a ${type} is measured in ${UNIT_EXAMPLES[TRIGGER_TYPES[type].unit]}${order.value === undefined ? '' : `: not ${order.value}`}`,
    };
  let at = now;
  if (order.at !== undefined) {
    at = new Date(order.at);
    // A day the month does not have (Feb 30) is refused, not rolled over into the next.
    if (
      !ISO_UTC.test(order.at) ||
      Number.isNaN(at.getTime()) ||
      at.toISOString().slice(0, 16) !== order.at.slice(0, 16)
    )
      return {
        ok: false,
        reason: `--at is a time in ISO 8601 UTC, like 2026-03-02T09:30:00Z: not ${order.at}`,
      };
  }
  const source = order.source?.trim() || DEFAULT_TRIGGER_SOURCES[type];
  if (source.length > SOURCE_MAX_LENGTH)
    return { ok: false, reason: `--source has at most ${SOURCE_MAX_LENGTH} characters` };
  return {
    ok: true,
    record: { businessRef: order.itemId.toLowerCase(), type, measuredValue, source, at },
  };
}
