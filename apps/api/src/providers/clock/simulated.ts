import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Signals } from '../../live/signals.ts';
import { simClock } from './tables.ts';

/** A clock the operator moves: the machine's time plus the stored offset. */
export interface SimulatedClock extends Clock {
  /** Calls `listener` after the clock moved (on any instance); answers the unsubscribe. */
  onMove(listener: () => void): () => void;
}

const readOffset = async (database: Pick<Database, 'db'>): Promise<number> => {
  const [row] = await database.db.select().from(simClock).where(eq(simClock.id, 1));
  return row?.offsetMs ?? 0;
};

/**
 * The app's clock under SIM_CLOCK: read once at start, then again whenever an operator moves
 * it (NOTIFY `tern_clock`, heard by every instance), and after a gap in the signals.
 */
export async function simulatedClock(
  database: Pick<Database, 'db'>,
  signals: Signals,
): Promise<SimulatedClock> {
  let offset = await readOffset(database);
  const listeners = new Set<() => void>();
  const reload = () => {
    void readOffset(database).then((next) => {
      if (next === offset) return;
      offset = next;
      for (const listener of listeners) listener();
    });
  };
  signals.listen('tern_clock', reload);
  signals.onGap(reload);
  return {
    now: () => new Date(Date.now() + offset),
    onMove(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Moves the simulated clock by `ms` (never back before the machine's time) and tells every
 * instance; answers the new offset.
 */
export async function advanceSimClock(database: Pick<Database, 'db'>, ms: number): Promise<number> {
  return database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(simClock)
      .values({ id: 1, offsetMs: Math.max(0, ms) })
      .onConflictDoUpdate({
        target: simClock.id,
        set: { offsetMs: sql`greatest(0, ${simClock.offsetMs} + ${ms})` },
      })
      .returning();
    await tx.execute(sql`select pg_notify('tern_clock', ${String(row!.offsetMs)})`);
    return row!.offsetMs;
  });
}

/** The offset now (for the operator's `clock show`). */
export const simClockOffset = readOffset;
