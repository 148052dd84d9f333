import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { createJobs, type Jobs } from './jobs.ts';
import { freshDatabase } from '../test/database.ts';

/** Two workers on one database, as two instances (or an instance and `npm run worker`) are. */
describe('durable jobs', () => {
  let database: Database;
  let release: () => Promise<void>;
  const workers: Jobs[] = [];
  const runs: string[] = [];
  // A logger that says nothing.
  const log = Fastify({ logger: false }).log;

  const withJobs = () => {
    const jobs = createJobs(database, { concurrency: 3 });
    jobs.define<{ n: number }>({
      name: 'test.count',
      description: 'counts its runs',
      run: async ({ n }) => {
        runs.push(String(n));
        // Long enough that both workers are busy at once.
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    });
    jobs.define({
      name: 'test.fail',
      description: 'always fails',
      maxAttempts: 1,
      run: async () => {
        throw new Error('the provider is down');
      },
    });
    return jobs;
  };

  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
    for (let i = 0; i < 2; i++) {
      const jobs = withJobs();
      await jobs.start(log);
      workers.push(jobs);
    }
  });

  afterAll(async () => {
    for (const jobs of workers) await jobs.stop();
    await release();
  });

  it('runs every queued job exactly once, whichever worker takes it', async () => {
    const [first, second] = workers;
    await Promise.all(
      Array.from({ length: 40 }, (_, n) => (n % 2 ? first! : second!).add('test.count', { n })),
    );
    await first!.settled();
    // The other worker may still be finishing the last job it took.
    await second!.settled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...runs].sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 40 }, (_, n) => String(n)),
    );
  });

  it('keeps a job that used its every attempt, with its error, instead of dropping it', async () => {
    await workers[0]!.add('test.fail', {});
    const deadline = Date.now() + 10_000;
    let failed = await workers[0]!.failedJobs();
    while (failed.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      failed = await workers[0]!.failedJobs();
    }
    expect(failed).toEqual([
      expect.objectContaining({
        name: 'test.fail',
        attempts: 1,
        lastError: expect.stringContaining('the provider is down'),
      }),
    ]);
  });

  it('keeps one waiting run per key: a newer add replaces the waiting one', async () => {
    const later = new Date(Date.now() + 60 * 60_000);
    await workers[0]!.add('test.count', { n: 100 }, { key: 'once', runAt: later });
    await workers[1]!.add('test.count', { n: 101 }, { key: 'once', runAt: later });
    const { rows } = await database.pool.query<{ payload: { n: number } }>(
      `select payload from graphile_worker._private_jobs where key = 'once'`,
    );
    expect(rows.map((row) => row.payload.n)).toEqual([101]);
  });

  it('refuses to queue a job nobody defined, and a job defined twice', async () => {
    await expect(workers[0]!.add('test.nothing', {})).rejects.toThrow('no job test.nothing');
    expect(() =>
      workers[0]!.define({ name: 'test.count', description: 'again', run: async () => {} }),
    ).toThrow('defined twice');
  });
});
