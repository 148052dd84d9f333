import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../src/db/client.ts';
import { createJobs, defineJobs, enqueue, type Jobs } from '../src/jobs.ts';
import { watchJobs } from '../../../scripts/lib/multi-witness.ts';
import { freshDatabase } from './database.ts';

/** The first time each payload's `n` runs it fails when `failOnce` holds it. */
const failOnce = new Set<number>();
const witnessJobs = defineJobs('witness', {
  work: {
    description: 'does nothing, or fails once',
    payload: z.object({ n: z.number().int() }),
    run: async ({ n }) => {
      if (failOnce.delete(n)) throw new Error(`run ${n} failed once`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    },
  },
});

/**
 * What `npm run multi` relies on to say "no job run twice": the witness on graphile-worker's
 * table counts real workers' runs once each, and reports a job taken twice, a retry and a
 * cron tick queued twice.
 */
describe("npm run multi's job witness", () => {
  let database: Database;
  let release: () => Promise<void>;
  let witness: Awaited<ReturnType<typeof watchJobs>>;
  const workers: Jobs[] = [];
  const log = Fastify({ logger: false }).log;
  const add = (n: number) => enqueue(database, witnessJobs.work, { n });
  const taskId = async () =>
    (
      await database.pool.query<{ id: number }>(
        `select id from graphile_worker._private_tasks where identifier = 'witness.work'`,
      )
    ).rows[0]!.id;

  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
    witness = await watchJobs(database);
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await witness.remove();
    await release();
  });

  it('counts each job two workers ran once, and finished', async () => {
    for (let i = 0; i < 2; i++) {
      const jobs = createJobs(database, { concurrency: 3 });
      jobs.register(witnessJobs, undefined);
      await jobs.start(log);
      workers.push(jobs);
    }
    await Promise.all(Array.from({ length: 40 }, (_, n) => add(n)));
    expect(await witness.settled(10_000)).toBe(true);
    const verdict = await witness.verdict();
    expect(verdict.byTask).toEqual([{ task: 'witness.work', runs: 40 }]);
    expect(verdict).toMatchObject({ twice: 0, retried: 0, cronTwice: 0, unfinished: 0, failed: 0 });
  });

  it('reports a job that failed and ran again', async () => {
    failOnce.add(100);
    await add(100);
    // The retry waits out graphile-worker's backoff (about 2 s): done by hand here.
    for (let i = 0; i < 100; i++) {
      const { rows } = await database.pool.query<{ n: number }>(
        `select count(*)::int as n from graphile_worker._private_jobs where last_error is not null`,
      );
      if (rows[0]!.n === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await witness.verdict()).toMatchObject({ failed: 1, retried: 0 });
    await database.pool.query(
      `update graphile_worker._private_jobs set run_at = now() where last_error is not null`,
    );
    expect(await witness.settled(10_000)).toBe(true);
    expect(await witness.verdict()).toMatchObject({ twice: 0, retried: 1, unfinished: 0 });
  });

  it('reports a job taken twice at the same attempt, and one never finished', async () => {
    for (const worker of workers.splice(0)) await worker.stop();
    await add(200);
    const { rows } = await database.pool.query<{ id: string }>(
      `select id from graphile_worker._private_jobs where payload->>'n' = '200'`,
    );
    const id = rows[0]!.id;
    // Two workers both believing they hold the same attempt: a lock lost and taken again.
    const take = `update graphile_worker._private_jobs
                     set locked_at = now(), locked_by = $2, attempts = 1 where id = $1`;
    await database.pool.query(take, [id, 'worker-a']);
    await database.pool.query(
      `update graphile_worker._private_jobs set locked_at = null where id = $1`,
      [id],
    );
    await database.pool.query(take, [id, 'worker-b']);
    expect(await witness.verdict()).toMatchObject({ twice: 1, unfinished: 1 });
  });

  it('reports a cron tick queued and run twice', async () => {
    const task = await taskId();
    const tick = JSON.stringify({ _cron: { ts: '2026-11-27T09:00:00Z', backfilled: false } });
    for (const worker of ['worker-a', 'worker-b']) {
      const { rows } = await database.pool.query<{ id: string }>(
        `insert into graphile_worker._private_jobs (job_queue_id, task_id, payload, max_attempts)
         values (null, $1, $2::json, 1) returning id`,
        [task, tick],
      );
      await database.pool.query(
        `update graphile_worker._private_jobs set locked_at = now(), locked_by = $2,
                attempts = 1 where id = $1`,
        [rows[0]!.id, worker],
      );
    }
    expect((await witness.verdict()).cronTwice).toBe(1);
  });
});
