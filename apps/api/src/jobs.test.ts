import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { Database } from './db/client.ts';
import { createJobs, defineJobs, enqueue, type Jobs } from './jobs.ts';
import { freshDatabase } from '../test/database.ts';

const runs: string[] = [];

const testJobs = defineJobs('test', {
  count: {
    description: 'counts its runs',
    payload: z.object({ n: z.number().int() }),
    run: async ({ n }, { pauseMs }: { pauseMs: number }) => {
      runs.push(String(n));
      // Long enough that both workers are busy at once.
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    },
  },
  fail: {
    description: 'always fails',
    payload: z.object({}),
    maxAttempts: 1,
    run: async () => {
      throw new Error('the provider is down');
    },
  },
});

/** Two workers on one database, as two instances (or an instance and `npm run worker`) are. */
describe('durable jobs', () => {
  let database: Database;
  let release: () => Promise<void>;
  const workers: Jobs[] = [];
  // A logger that says nothing.
  const log = Fastify({ logger: false }).log;

  const withJobs = () => {
    const jobs = createJobs(database, { concurrency: 3 });
    jobs.register(testJobs, { pauseMs: 5 });
    return jobs;
  };

  /** The failed job of this id, once its last attempt failed. */
  const failure = async (id: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const failed = (await workers[0]!.failedJobs()).find((job) => job.id === id);
      if (failed || Date.now() > deadline) return failed;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
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
      Array.from({ length: 40 }, (_, n) => (n % 2 ? first! : second!).add(testJobs.count, { n })),
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
    await workers[0]!.add(testJobs.fail, {});
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
    await workers[0]!.add(testJobs.count, { n: 100 }, { key: 'once', runAt: later });
    await workers[1]!.add(testJobs.count, { n: 101 }, { key: 'once', runAt: later });
    const { rows } = await database.pool.query<{ payload: { n: number } }>(
      `select payload from graphile_worker._private_jobs where key = 'once'`,
    );
    expect(rows.map((row) => row.payload.n)).toEqual([101]);
  });

  it('names each job `area.key` and types its payload from its schema', () => {
    expect(testJobs.count.name).toBe('test.count');
    expectTypeOf(testJobs.count.name).toEqualTypeOf<'test.count'>();
    // A check of its type only: `run` is never called here.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    expectTypeOf(testJobs.count.run).parameter(0).toEqualTypeOf<{ n: number }>();
  });

  it('does not compile a payload or deps that are not the job’s', async () => {
    // Each call throws too: the schema refuses what the types would have let through.
    // @ts-expect-error -- `count` is not a field of test.count's payload (`n` is)
    expect(() => workers[0]!.addition(testJobs.count, { count: 1 })).toThrow('invalid payload');
    // @ts-expect-error -- `n` is a number
    expect(() => workers[0]!.addition(testJobs.count, { n: '1' })).toThrow('invalid payload');
    // @ts-expect-error -- the operator's queueing is typed as well
    await expect(enqueue(database, testJobs.count, { count: 1 })).rejects.toThrow(
      'invalid payload',
    );
    // @ts-expect-error -- test.count's run is given `{ pauseMs }`
    createJobs(database).register(testJobs, { pause: 5 });
  });

  it('refuses a payload its schema refuses when it is queued: nothing is queued', async () => {
    const { rows: before } = await database.pool.query(
      `select id from graphile_worker._private_jobs`,
    );
    const wrong = { n: 1.5 };
    await expect(workers[0]!.add(testJobs.count, wrong)).rejects.toThrow(
      /^job test\.count: invalid payload\n.*expected int[^]*→ at n$/,
    );
    await expect(enqueue(database, testJobs.count, wrong)).rejects.toThrow(
      'job test.count: invalid payload',
    );
    const { rows: after } = await database.pool.query(
      `select id from graphile_worker._private_jobs`,
    );
    expect(after).toEqual(before);
  });

  it('fails a stored payload the job no longer reads, naming the field, before it runs', async () => {
    // As a payload queued before a field was renamed: stored, but not what the job reads now.
    const ran = runs.length;
    const { rows } = await database.pool.query<{ id: string }>(
      `select (graphile_worker.add_job('test.count', '{"count": 1}'::json, max_attempts => 1)).id::text as id`,
    );
    expect(await failure(rows[0]!.id)).toMatchObject({
      name: 'test.count',
      lastError:
        'job test.count: invalid payload\n✖ Invalid input: expected number, received undefined\n  → at n',
    });
    expect(runs.length).toBe(ran);
  });

  it('refuses to queue a job nobody registered, and a job registered twice', async () => {
    const { nothing } = defineJobs('test', {
      nothing: { description: 'never registered', payload: z.object({}), run: async () => {} },
    });
    await expect(workers[0]!.add(nothing, {})).rejects.toThrow('no job test.nothing');
    expect(() => workers[0]!.register(testJobs, { pauseMs: 0 })).toThrow('registered twice');
  });
});
