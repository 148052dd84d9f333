import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { WorkerEvents } from 'graphile-worker';
import pg from 'pg';
import type { Database } from './db/client.ts';

/**
 * graphile-worker leaves a job locked by its worker while it runs, and takes a locked job
 * again only 4 hours later: a process killed mid-job (SIGKILL, the out-of-memory killer, a
 * lost host) left its webhooks unsent, its scans unfinished and its payments unsent for 4
 * hours. So each process proves its workers alive: on a connection of its own it holds a
 * shared advisory lock per worker pool for as long as it lives, which PostgreSQL drops when the
 * connection ends — at once when the process dies. A job locked longer than `GRACE_MS` by a
 * pool whose lock no session holds belongs to a dead process: it is unlocked and runs
 * again, on start and every `RECOVER_EVERY_MS` on every process.
 *
 * Every process working jobs must hold these locks (all of Tern's do): one that did not would
 * have its running jobs taken from it.
 */

/** The advisory lock space of workers' liveness (the first of the two keys). */
export const LIVENESS_LOCKS = 0x7465726e; // "tern"
/** A pool's lock is taken just after it is made: a lock this young is not judged. */
const GRACE_MS = 10_000;
const RECOVER_EVERY_MS = 15_000;

/** The second key of a pool's lock: its id's hash (a clash keeps a dead pool's jobs 4 hours, no worse). */
const HOLD = `select pg_advisory_lock_shared(${LIVENESS_LOCKS}, hashtext($1))`;

/**
 * Unlocks the jobs and queues of worker pools no session proves alive. `pg_locks` shows the two
 * keys as `classid` and `objid` (unsigned), `objsubid` 2.
 */
const RECOVER = `
with workers as (
  select locked_by as id from graphile_worker._private_jobs
   where locked_by is not null and locked_at < now() - make_interval(secs => $1)
  union
  select locked_by from graphile_worker._private_job_queues
   where locked_by is not null and locked_at < now() - make_interval(secs => $1)
), dead as (
  select id from workers w where not exists (
    select 1 from pg_locks l
     where l.locktype = 'advisory' and l.granted and l.objsubid = 2
       and l.database = (select oid from pg_database where datname = current_database())
       and l.classid::bigint = ${LIVENESS_LOCKS}
       and l.objid::bigint = (hashtext(w.id)::bigint & 4294967295))
), jobs as (
  update graphile_worker._private_jobs
     set locked_at = null, locked_by = null, run_at = greatest(run_at, now())
   where locked_by in (select id from dead)
  returning 1
), queues as (
  update graphile_worker._private_job_queues set locked_at = null, locked_by = null
   where locked_by in (select id from dead)
  returning 1
)
select (select count(*) from jobs)::int as jobs, (select count(*) from queues)::int as queues`;

export interface WorkersLiveness {
  /** What the runner is given: the worker pool it makes is held alive from then on. */
  readonly events: WorkerEvents;
  stop(): Promise<void>;
}

/** Connects the process's liveness connection and recovers dead workers' jobs once. */
export async function workersLiveness(
  database: Database,
  log: FastifyBaseLogger,
): Promise<WorkersLiveness> {
  const held: string[] = [];
  let stopped = false;
  let client: pg.Client | undefined;
  let holding: Promise<unknown> = Promise.resolve();

  /** The connection, made again (with every lock) a second after the server ended it. */
  const connect = async (): Promise<void> => {
    const next = new pg.Client(database.pool.options);
    next.on('error', (error) => {
      if (stopped || client !== next) return;
      // Until it is back, other processes may take this one's running jobs: said loudly.
      log.error({ err: error }, 'jobs: the worker pools’ liveness connection was lost');
      client = undefined;
      retry();
    });
    try {
      await next.connect();
      for (const poolId of held) await next.query(HOLD, [poolId]);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };
  const retry = () => {
    if (stopped) return;
    setTimeout(() => {
      connect().catch((error: unknown) => {
        log.error({ err: error }, 'jobs: the liveness connection could not be made again');
        retry();
      });
    }, 1_000).unref();
  };
  await connect();

  const events = new EventEmitter() as WorkerEvents;
  // graphile-worker locks a job by the id of the worker pool that took it (`pool-…`).
  events.on('pool:create', ({ workerPool }) => {
    held.push(workerPool.id);
    // One query at a time on a client: after the connection's own locks.
    holding = holding
      .then(() => client?.query(HOLD, [workerPool.id]))
      .catch((error: unknown) => {
        if (!stopped) log.error({ err: error }, 'jobs: a worker pool could not be held alive');
      });
  });

  const recover = async () => {
    const { rows } = await database.pool.query<{ jobs: number; queues: number }>(RECOVER, [
      GRACE_MS / 1000,
    ]);
    const { jobs, queues } = rows[0]!;
    if (jobs > 0 || queues > 0)
      log.warn({ jobs, queues }, 'jobs: jobs of workers whose process died will run again');
  };
  await recover();
  const timer = setInterval(() => {
    recover().catch((error: unknown) => log.error({ err: error }, 'jobs: recovery failed'));
  }, RECOVER_EVERY_MS);
  timer.unref();

  return {
    events,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await client?.end().catch(() => {});
    },
  };
}
