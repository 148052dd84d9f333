import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  Logger,
  parseCronItems,
  run,
  type LogLevel,
  type Runner,
  type TaskList,
} from 'graphile-worker';
import type { Database } from './db/client.ts';

/**
 * Durable background work (ADR 0007): jobs are rows in PostgreSQL, picked up by graphile-worker
 * within milliseconds (LISTEN/NOTIFY) by whichever worker is free; `SKIP LOCKED` means no job
 * runs twice however many API instances and workers run. A job that throws is retried with
 * backoff and, after its last attempt, kept with its error (`failedJobs`, `npm run jobs`).
 */
export interface JobDefinition<Payload = Record<string, unknown>> {
  /** `area.name`, as contracts are named. */
  name: string;
  /** What it does, for docs/entrypoints.md. */
  description: string;
  /** A cron schedule (UTC), when the job also runs by itself. */
  schedule?: string;
  /** Attempts before the job is kept as failed (default 5, backoff exp(attempt) seconds). */
  maxAttempts?: number;
  run: (payload: Payload) => Promise<void>;
}

export interface AddOptions {
  /** At most one waiting run per key: a newer add replaces the waiting one. */
  key?: string;
  /** Jobs of one named queue run one after the other, in the order they were added. */
  queue?: string;
  runAt?: Date;
}

export interface FailedJob {
  id: string;
  name: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Jobs {
  /** Makes a job known; modules define theirs when they are registered. */
  define<Payload extends Record<string, unknown>>(job: JobDefinition<Payload>): void;
  /** Queues a run of a defined job. */
  add(name: string, payload: Record<string, unknown>, options?: AddOptions): Promise<void>;
  /**
   * The same as an SQL expression, for the statement of the change that asks for the job:
   * queued in that statement's commit, and not at all if it fails.
   */
  addition(name: string, payload: Record<string, unknown>, options?: AddOptions): SQL;
  definitions(): readonly JobDefinition[];
  /** Works the defined jobs in this process until `stop`. */
  start(log: FastifyBaseLogger): Promise<void>;
  stop(): Promise<void>;
  /** Jobs that used every attempt, newest first: kept for operators, never dropped. */
  failedJobs(): Promise<FailedJob[]>;
  /** Waits until no job is waiting or running (tests). */
  settled(timeoutMs?: number): Promise<void>;
}

const DEFAULT_MAX_ATTEMPTS = 5;

/** graphile-worker's log lines into the app's logger. */
const loggerFor = (log: FastifyBaseLogger) =>
  new Logger(() => (level: LogLevel, message: string) => {
    const method = level === 'warning' ? 'warn' : level;
    log[method]({ jobs: true }, message);
  });

/**
 * Queues a job by name without its definition: for a process that only asks for work (an
 * operator's command) while the API's workers do it.
 */
export async function enqueue(
  database: Database,
  name: string,
  payload: Record<string, unknown>,
  options: AddOptions & { maxAttempts?: number } = {},
): Promise<void> {
  await database.db.execute(sql`select ${jobAddition(name, payload, options)}`);
}

/** graphile-worker's `add_job` call that queues the job when a statement evaluates it. */
function jobAddition(
  name: string,
  payload: Record<string, unknown>,
  { key, queue, runAt, maxAttempts = DEFAULT_MAX_ATTEMPTS }: AddOptions & { maxAttempts?: number },
): SQL {
  return sql`graphile_worker.add_job(
    ${name},
    ${JSON.stringify(payload)}::json,
    queue_name => ${queue ?? null}::text,
    run_at => ${runAt ?? null}::timestamptz,
    max_attempts => ${maxAttempts}::int,
    job_key => ${key ?? null}::text
  )`;
}

export function createJobs(database: Database, options: { concurrency?: number } = {}): Jobs {
  const definitions = new Map<string, JobDefinition>();
  let runner: Runner | undefined;

  return {
    define(job) {
      if (definitions.has(job.name)) throw new Error(`job ${job.name} is defined twice`);
      definitions.set(job.name, job as unknown as JobDefinition);
    },

    async add(name, payload, options = {}) {
      await database.db.execute(sql`select ${this.addition(name, payload, options)}`);
    },

    addition(name, payload, options = {}) {
      const job = definitions.get(name);
      if (!job) throw new Error(`no job ${name}`);
      return jobAddition(name, payload, {
        ...options,
        maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      });
    },

    definitions: () => [...definitions.values()],

    async start(log) {
      const taskList: TaskList = Object.fromEntries(
        [...definitions.values()].map((job) => [
          job.name,
          (payload: unknown) => job.run((payload ?? {}) as Record<string, unknown>),
        ]),
      );
      runner = await run({
        pgPool: database.pool,
        taskList,
        parsedCronItems: parseCronItems(
          [...definitions.values()]
            .filter((job) => job.schedule)
            .map((job) => ({ task: job.name, match: job.schedule!, identifier: job.name })),
        ),
        concurrency: options.concurrency ?? 4,
        // The app's own shutdown stops the runner (onClose), after in-flight jobs.
        noHandleSignals: true,
        logger: loggerFor(log),
      });
    },

    async stop() {
      await runner?.stop();
      runner = undefined;
    },

    async failedJobs() {
      const { rows } = await database.pool.query<FailedJob>(
        `select j.id::text as id, t.identifier as name, j.attempts, j.last_error as "lastError",
                j.created_at as "createdAt", j.updated_at as "updatedAt"
           from graphile_worker._private_jobs j
           join graphile_worker._private_tasks t on t.id = j.task_id
          where j.attempts >= j.max_attempts and j.locked_at is null
          order by j.updated_at desc`,
      );
      return rows;
    },

    async settled(timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await database.pool.query<{ n: number }>(
          // Running (locked) jobs count whatever their attempts: a job's last attempt is one.
          `select count(*)::int as n from graphile_worker._private_jobs
            where locked_at is not null or (attempts < max_attempts and run_at <= now())`,
        );
        if (rows[0]!.n === 0) return;
        if (Date.now() > until) throw new Error(`jobs still waiting after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}
