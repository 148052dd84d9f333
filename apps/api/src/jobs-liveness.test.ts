import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from './db/client.ts';
import { LIVENESS_LOCKS } from './jobs-liveness.ts';
import { createJobs, defineJobs, enqueue, type Jobs } from './jobs.ts';
import { freshDatabase } from '../test/database.ts';

const ran: string[] = [];
let openGate: () => void = () => {};
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});

const livenessJobs = defineJobs('liveness', {
  probe: {
    description: 'records its run',
    payload: z.object({ n: z.int() }),
    run: async ({ n }) => {
      ran.push(`probe ${n}`);
    },
  },
  hold: {
    description: 'runs until the test opens the gate',
    payload: z.object({}),
    run: async (_payload, { name }: { name: string }) => {
      ran.push(`hold on ${name}`);
      await gate;
    },
  },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The job of a task, as graphile-worker keeps it. */
const jobOf = async (database: Database, task: string) => {
  const { rows } = await database.pool.query<{ id: string; locked_by: string | null }>(
    `select j.id::text, j.locked_by from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = $1`,
    [task],
  );
  return rows[0];
};

describe('jobs a killed process was running', () => {
  let database: Database;
  let release: () => Promise<void>;
  const started: Jobs[] = [];
  const log = Fastify({ logger: false }).log;

  const worker = async (name: string) => {
    const jobs = createJobs(database, { concurrency: 2 });
    jobs.register(livenessJobs, { name });
    await jobs.start(log);
    started.push(jobs);
    return jobs;
  };

  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
  });

  afterAll(async () => {
    openGate();
    for (const jobs of started) await jobs.stop();
    await release();
  });

  it('runs again at once a job whose worker died, instead of 4 hours later', async () => {
    // Queued with no worker for it, then locked as a process killed mid-run leaves it: by a
    // worker no process holds alive, a minute ago.
    await enqueue(database, livenessJobs.probe, { n: 1 });
    await database.pool.query(
      `update graphile_worker._private_jobs set locked_by = 'pool-killed',
              locked_at = now() - interval '1 minute', attempts = 1`,
    );
    await worker('first');
    const deadline = Date.now() + 10_000;
    while (!ran.includes('probe 1') && Date.now() < deadline) await sleep(20);
    expect(ran).toContain('probe 1');
    expect(await jobOf(database, 'liveness.probe')).toBeUndefined();
  });

  it('leaves alone a job a live process is running, however long it has run', async () => {
    const first = started[0]!;
    await first.add(livenessJobs.hold, {});
    const deadline = Date.now() + 10_000;
    while (!ran.includes('hold on first') && Date.now() < deadline) await sleep(20);
    const running = await jobOf(database, 'liveness.hold');
    expect(running?.locked_by).toMatch(/^pool-/);
    // Older than any grace: only the lock its process holds says it is alive.
    await database.pool.query(
      `update graphile_worker._private_jobs set locked_at = now() - interval '1 hour'`,
    );
    // Another process starts (and recovers what dead processes left), then looks again.
    await worker('second');
    await sleep(500);
    expect(await jobOf(database, 'liveness.hold')).toEqual(running);
    expect(ran.filter((run) => run.startsWith('hold'))).toEqual(['hold on first']);
  });

  it('holds its worker pools alive again when the server ends its liveness connection', async () => {
    const holders = async () => {
      const { rows } = await database.pool.query<{ pid: number }>(
        `select pid from pg_locks where locktype = 'advisory' and granted and objsubid = 2
            and classid::bigint = $1
            and database = (select oid from pg_database where datname = current_database())`,
        [LIVENESS_LOCKS],
      );
      return rows.map((row) => row.pid).sort();
    };
    const before = await holders();
    // One pool for each of the two processes started above.
    expect(before).toHaveLength(2);
    await database.pool.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [
      before,
    ]);
    const deadline = Date.now() + 10_000;
    let after = await holders();
    // A terminated backend holds its locks until it has ended, a moment after it was told to.
    const renewed = (pids: number[]) =>
      pids.length === 2 && !pids.some((pid) => before.includes(pid));
    while (!renewed(after) && Date.now() < deadline) {
      await sleep(100);
      after = await holders();
    }
    expect(after).toHaveLength(2);
    expect(after.some((pid) => before.includes(pid))).toBe(false);
  });
});
