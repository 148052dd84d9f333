import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { Database } from '../../apps/api/src/db/client.ts';

/**
 * What `npm run multi` checks the cluster against, seen from outside the processes under test:
 * every job the queue hands out (a trigger on graphile-worker's table), every live event
 * published (a LISTEN of the script's own), every webhook a partner receives.
 */

/**
 * Records each time a worker takes a job (its `locked_at` set: graphile-worker adds one to
 * `attempts` in the same statement) and each time a job leaves the table (done, or replaced),
 * in a schema of the script's that `remove` drops.
 */
export async function watchJobs(database: Database) {
  await database.pool.query(`
    create schema if not exists multi_witness;
    create table multi_witness.takes (job_id bigint, task_id int, attempts int, cron text,
      locked_by text, at timestamptz default clock_timestamp());
    create table multi_witness.leaves (job_id bigint, attempts int, locked boolean,
      last_error text, at timestamptz default clock_timestamp());
    create function multi_witness.took() returns trigger language plpgsql as $$
    begin
      insert into multi_witness.takes (job_id, task_id, attempts, cron, locked_by)
        values (new.id, new.task_id, new.attempts, new.payload->'_cron'->>'ts', new.locked_by);
      return null;
    end $$;
    create function multi_witness.left() returns trigger language plpgsql as $$
    begin
      insert into multi_witness.leaves (job_id, attempts, locked, last_error)
        values (old.id, old.attempts, old.locked_at is not null, old.last_error);
      return null;
    end $$;
    create trigger multi_witness_took after update of locked_at on graphile_worker._private_jobs
      for each row when (new.locked_at is not null and old.locked_at is null)
      execute function multi_witness.took();
    create trigger multi_witness_left after delete on graphile_worker._private_jobs
      for each row execute function multi_witness.left();`);

  return {
    /** Until no job is running and none is due (cron jobs keep coming: they are due later). */
    async settled(timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await database.pool.query<{ n: number }>(
          `select count(*)::int as n from graphile_worker._private_jobs
            where locked_at is not null or (attempts < max_attempts and run_at <= now())`,
        );
        if (rows[0]!.n === 0) return true;
        if (Date.now() > until) return false;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },

    /**
     * Each job taken more than once (a second take of the same attempt is a job run twice;
     * a later attempt is a retry after a failure), each job taken and not finished, each cron
     * tick run twice, and the runs by task.
     */
    async verdict() {
      const { rows: byTask } = await database.pool.query<{ task: string; runs: number }>(`
        select t.identifier as task, count(*)::int as runs
          from multi_witness.takes k join graphile_worker._private_tasks t on t.id = k.task_id
         group by t.identifier order by runs desc`);
      const { rows: twice } = await database.pool.query<{ n: number }>(`
        select count(*)::int as n from (select job_id from multi_witness.takes
          group by job_id, attempts having count(*) > 1) d`);
      const { rows: retried } = await database.pool.query<{ n: number; error: string | null }>(`
        select (select count(distinct job_id)::int from multi_witness.takes where attempts > 1) as n,
               (select max(last_error) from multi_witness.leaves) as error`);
      const { rows: cronTwice } = await database.pool.query<{ n: number }>(`
        select count(*)::int as n from (select task_id, cron from multi_witness.takes
          where cron is not null group by task_id, cron having count(distinct job_id) > 1) d`);
      const { rows: unfinished } = await database.pool.query<{ n: number }>(`
        select count(distinct k.job_id)::int as n from multi_witness.takes k
         where not exists (select 1 from multi_witness.leaves l where l.job_id = k.job_id)`);
      const { rows: failed } = await database.pool.query<{ n: number; error: string | null }>(`
        select count(*)::int as n, max(last_error) as error from graphile_worker._private_jobs
         where attempts > 0 and last_error is not null`);
      return {
        runs: byTask.reduce((n, row) => n + row.runs, 0),
        byTask,
        twice: twice[0]!.n,
        retried: retried[0]!.n,
        cronTwice: cronTwice[0]!.n,
        unfinished: unfinished[0]!.n,
        failed: failed[0]!.n,
        error: failed[0]!.error ?? retried[0]!.error,
      };
    },

    async remove() {
      await database.pool.query(`
        drop trigger if exists multi_witness_took on graphile_worker._private_jobs;
        drop trigger if exists multi_witness_left on graphile_worker._private_jobs;
        drop schema if exists multi_witness cascade;`);
    },
  };
}

/** Every live event published, as PostgreSQL announces it: its id, user and when heard. */
export async function watchLiveEvents(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const heard = new Map<string, { userId: string; keys: string[]; at: number }>();
  client.on('notification', (message) => {
    if (message.channel !== 'tern_events' || !message.payload) return;
    const event = JSON.parse(message.payload) as { id: string; userId: string; keys: string[] };
    heard.set(event.id, { userId: event.userId, keys: event.keys, at: performance.now() });
  });
  await client.query('listen tern_events');
  return { heard, close: () => client.end() };
}

/**
 * A partner's webhook receiver: answers 204 and counts each `webhook-id` it is sent, so a
 * delivery that arrives twice shows.
 */
export async function webhookReceiver() {
  const received = new Map<string, number>();
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const id = request.headers['webhook-id'];
      if (typeof id === 'string') received.set(id, (received.get(id) ?? 0) + 1);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tern`;
  return {
    url,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
