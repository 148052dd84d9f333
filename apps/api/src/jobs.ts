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
import { z } from 'zod';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import { workersLiveness, type WorkersLiveness } from './jobs-liveness.ts';

/**
 * Durable background work (ADR 0007): jobs are rows in PostgreSQL, picked up by graphile-worker
 * within milliseconds (LISTEN/NOTIFY) by whichever worker is free; `SKIP LOCKED` means no job
 * runs twice however many API instances and workers run. A job that throws is retried with
 * backoff and, after its last attempt, kept with its error (`failedJobs`, `npm run jobs`).
 *
 * A job is defined once, where its area is, as an endpoint is by its contract: its payload is
 * a zod schema, so queueing a wrong payload does not compile, and a payload is parsed when it
 * is queued and again when it runs (a stored payload the job no longer reads fails at once,
 * saying which field, not as a TypeError after every retry).
 */
export interface JobDefinition<Payload extends z.ZodObject = z.ZodObject, Deps = unknown> {
  /** `area.key`, as contracts are named. */
  readonly name: string;
  /** What it does, for docs/entrypoints.md. */
  readonly description: string;
  /** The payload as it is stored (JSON): plain fields, no transforms. */
  readonly payload: Payload;
  /** A cron schedule (UTC), when the job also runs by itself. */
  readonly schedule?: string;
  /** Attempts before the job is kept as failed (default 5, backoff exp(attempt) seconds). */
  readonly maxAttempts?: number;
  /**
   * The work, given the parsed payload and what the area registered its jobs with (its
   * services): the definition is a constant, which the code that queues the job imports.
   */
  run(payload: z.output<Payload>, deps: Deps): Promise<void>;
}

/** An area's jobs, each named `area.key`. */
export type JobsOf<Area extends string, Payloads extends Record<string, z.ZodObject>, Deps> = {
  readonly [K in keyof Payloads & string]: JobDefinition<Payloads[K], Deps> & {
    readonly name: `${Area}.${K}`;
  };
};

/**
 * An area's jobs, each named `area.key` as contracts are: each payload's type is read from its
 * schema, and what the runs are given (`deps`) from their parameter's type.
 */
export function defineJobs<
  const Area extends string,
  Deps,
  Payloads extends Record<string, z.ZodObject>,
>(
  area: Area,
  jobs: { [K in keyof Payloads]: Omit<JobDefinition<Payloads[K], Deps>, 'name'> },
): JobsOf<Area, Payloads, Deps> {
  return Object.fromEntries(
    Object.entries(jobs).map(([key, job]) => [key, { ...job, name: `${area}.${key}` }]),
  ) as JobsOf<Area, Payloads, Deps>;
}

/**
 * The payload of a job that carries a secret (a code, a link): the message sealed with the
 * installation's key (`lib/encryption.ts`), so it never lies in the job table in the clear.
 */
export const sealedPayload = z.object({ sealed: z.string() });
export type Sealed = z.output<typeof sealedPayload>;

export interface AddOptions {
  /** At most one waiting run per key: a newer add replaces the waiting one. */
  key?: string;
  /** Jobs of one named queue run one after the other, in the order they were added. */
  queue?: string;
  runAt?: Date;
}

interface FailedJob {
  id: string;
  name: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Jobs {
  /**
   * Works an area's jobs in this process, with what their runs are given: each module
   * registers its area's list, as it registers its contracts' routes.
   */
  register<Deps>(
    jobs: Readonly<Record<string, JobDefinition<z.ZodObject, Deps>>>,
    deps: NoInfer<Deps>,
  ): void;
  /** Queues a run of a registered job; a payload its schema refuses throws, nothing queued. */
  add<Payload extends z.ZodObject>(
    job: JobDefinition<Payload, never>,
    payload: NoInfer<z.input<Payload>>,
    options?: AddOptions,
  ): Promise<void>;
  /**
   * The same as an SQL expression, for the statement of the change that asks for the job:
   * queued in that statement's commit, and not at all if it fails.
   */
  addition<Payload extends z.ZodObject>(
    job: JobDefinition<Payload, never>,
    payload: NoInfer<z.input<Payload>>,
    options?: AddOptions,
  ): SQL;
  definitions(): readonly JobDefinition[];
  /** Works the registered jobs in this process until `stop`. */
  start(log: FastifyBaseLogger): Promise<void>;
  stop(): Promise<void>;
  /** Jobs that used every attempt, newest first: kept for operators, never dropped. */
  failedJobs(): Promise<FailedJob[]>;
  /** Waits until no job is waiting or running (tests). */
  settled(timeoutMs?: number): Promise<void>;
}

const DEFAULT_MAX_ATTEMPTS = 5;

/** graphile-worker's levels (a const enum of strings) as the app's logger names them. */
const LOG_METHODS = {
  error: 'error',
  warning: 'warn',
  info: 'info',
  debug: 'debug',
} as const satisfies Record<`${LogLevel}`, keyof FastifyBaseLogger>;

/** graphile-worker's log lines into the app's logger. */
const loggerFor = (log: FastifyBaseLogger) =>
  new Logger(() => (level: LogLevel, message: string) => {
    log[LOG_METHODS[level as `${LogLevel}`]]({ jobs: true }, message);
  });

/**
 * The payload as the job's schema reads it: what is queued, and what a run is given. A payload
 * it refuses is an error that names the job and each field.
 */
function parsePayload<Payload extends z.ZodObject>(
  job: JobDefinition<Payload, never>,
  payload: unknown,
): z.output<Payload> {
  const parsed = job.payload.safeParse(payload);
  if (!parsed.success)
    throw new Error(`job ${job.name}: invalid payload\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** graphile-worker's `add_job` call that queues the job when a statement evaluates it. */
function jobAddition<Payload extends z.ZodObject>(
  job: JobDefinition<Payload, never>,
  payload: z.input<Payload>,
  { key, queue, runAt }: AddOptions,
): SQL {
  return sql`graphile_worker.add_job(
    ${job.name},
    ${JSON.stringify(parsePayload(job, payload))}::json,
    queue_name => ${queue ?? null}::text,
    run_at => ${runAt ?? null}::timestamptz,
    max_attempts => ${job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}::int,
    job_key => ${key ?? null}::text
  )`;
}

/**
 * Queues a job without a registry: for a process that only asks for work (an operator's
 * command) while the API's workers do it.
 */
export async function enqueue<Payload extends z.ZodObject>(
  database: Database,
  job: JobDefinition<Payload, never>,
  payload: NoInfer<z.input<Payload>>,
  options: AddOptions = {},
): Promise<void> {
  await database.db.execute(sql`select ${jobAddition(job, payload, options)}`);
}

export function createJobs(
  database: Database,
  options: {
    concurrency?: number;
    /**
     * The simulated clock (SIM_CLOCK), which `runAt` is then given in: a job runs when the
     * database's own time reaches the same distance ahead, so it keeps its place when the
     * operator moves the clock. (Tests' fake clocks schedule on the database's time.)
     */
    clock?: Clock;
  } = {},
): Jobs {
  const { clock } = options;
  const onDatabaseTime = (add: AddOptions): AddOptions =>
    add.runAt && clock
      ? { ...add, runAt: new Date(add.runAt.getTime() - (clock.now().getTime() - Date.now())) }
      : add;
  /** Each registered job, and its run with what its area registered it with. */
  const registered = new Map<
    string,
    { job: JobDefinition; work: (payload: unknown) => Promise<void> }
  >();
  let runner: Runner | undefined;
  let liveness: WorkersLiveness | undefined;

  return {
    register(jobs, deps) {
      for (const job of Object.values(jobs)) {
        if (registered.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
        registered.set(job.name, {
          job,
          work: (payload) => job.run(parsePayload(job, payload), deps),
        });
      }
    },

    async add(job, payload, options = {}) {
      await database.db.execute(sql`select ${this.addition(job, payload, options)}`);
    },

    addition(job, payload, options = {}) {
      // A job no module registered would wait for a worker that never takes it.
      if (registered.get(job.name)?.job !== job) throw new Error(`no job ${job.name}`);
      return jobAddition(job, payload, onDatabaseTime(options));
    },

    definitions: () => [...registered.values()].map(({ job }) => job),

    async start(log) {
      const taskList: TaskList = Object.fromEntries(
        [...registered].map(([name, { work }]) => [
          name,
          (payload: unknown) => work(payload ?? {}),
        ]),
      );
      // Jobs a killed process left locked run again (jobs-liveness.ts), and this one's workers
      // are held alive for the others to see.
      liveness = await workersLiveness(database, log);
      runner = await run({
        events: liveness.events,
        pgPool: database.pool,
        taskList,
        parsedCronItems: parseCronItems(
          this.definitions()
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
      await liveness?.stop();
      liveness = undefined;
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
