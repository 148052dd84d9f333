import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { createJobs, defineJobs } from '../../jobs.ts';
import { createSignals, type Signals } from '../../live/signals.ts';
import { freshDatabase } from '../../../test/database.ts';
import { clockOrder, durationOf } from '../../cli/sim-clock.ts';
import { advanceSimClock, simulatedClock } from './simulated.ts';

const HOUR = 3_600_000;

describe('the simulated clock', () => {
  let database: Database;
  let release: () => Promise<void>;
  const signals: Signals[] = [];
  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
  });
  afterAll(async () => {
    await Promise.all(signals.map((s) => s.close()));
    await release();
  });
  const instance = async () => {
    const s = createSignals(database);
    signals.push(s);
    return simulatedClock(database, s);
  };
  const eventually = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
    return check();
  };

  it('keeps the machine time until the operator moves it, then moves on every instance', async () => {
    const [a, b] = [await instance(), await instance()];
    expect(Math.abs(a.now().getTime() - Date.now())).toBeLessThan(1000);
    let moved = 0;
    b.onMove(() => moved++);
    // Both listen before the move is sent (a signal sent before LISTEN is not heard).
    await eventually(() => signals.every((s) => s.listening));
    await advanceSimClock(database, 25 * HOUR);
    expect(await eventually(() => a.now().getTime() - Date.now() > 24.9 * HOUR)).toBe(true);
    expect(await eventually(() => b.now().getTime() - Date.now() > 24.9 * HOUR)).toBe(true);
    expect(moved).toBe(1);
    // A later instance starts where the clock is.
    const c = await instance();
    expect(c.now().getTime() - Date.now()).toBeGreaterThan(24.9 * HOUR);
  });

  it('never goes back before the machine time', async () => {
    expect(await advanceSimClock(database, -1000 * HOUR)).toBe(0);
  });

  it('schedules a later job on the database time, the same distance ahead', async () => {
    await advanceSimClock(database, 48 * HOUR);
    const clock = await instance();
    const jobs = createJobs(database, { clock });
    const later = defineJobs('clocktest', {
      later: { description: 'a later run', payload: z.object({}), run: async () => {} },
    });
    jobs.register(later, undefined);
    await jobs.add(later.later, {}, { runAt: new Date(clock.now().getTime() + HOUR) });
    const { rows } = await database.pool.query<{ in_ms: number }>(
      `select extract(epoch from run_at - now()) * 1000 as in_ms from graphile_worker.jobs where task_identifier = 'clocktest.later'`,
    );
    expect(Number(rows[0]!.in_ms)).toBeGreaterThan(0.9 * HOUR);
    expect(Number(rows[0]!.in_ms)).toBeLessThan(1.1 * HOUR);
  });

  it("reads the operator's durations and refuses others", async () => {
    expect(durationOf('25h')).toBe(25 * HOUR);
    expect(durationOf('90m')).toBe(1.5 * HOUR);
    expect(durationOf('2d')).toBe(48 * HOUR);
    expect(durationOf('1.5h')).toBeNull();
    expect(durationOf('-3h')).toBeNull();
    expect((await clockOrder(database, 'advance', 'soon')).ok).toBe(false);
    expect((await clockOrder(database, 'jump', undefined)).ok).toBe(false);
    const reset = await clockOrder(database, 'reset', undefined);
    expect(reset).toMatchObject({ ok: true, text: expect.stringContaining('0 min ahead') });
  });
});
