import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import pg from 'pg';
import { accountsContracts, API_ROOT, urlFor } from '@tern/domain';
import {
  backendPids,
  connectionsNow,
  cpuSeconds,
  machineCpu,
  type Cluster,
  type Instance,
} from './multi-cluster.ts';
import { call, holdStream, median, p99, type HeldStream } from './multi-load.ts';
import { watchLiveEvents } from './multi-witness.ts';
import { argument, registration } from './world.ts';

/**
 * `npm run multi -- --ceilings`: what the cluster of `npm run multi` can take on this machine,
 * and what bounds it, each measured with the CPU of every Tern process and of PostgreSQL's
 * backends (from /proc), the machine's busy share, and the connections, lock waits and NOTIFY
 * queue seen in PostgreSQL every 200 ms:
 *  - signed-in reads per second per instance: autocannon (-c 50, a child process) on one
 *    user's details on one instance, then on both at once;
 *  - jobs per second: a batch of password-reset look-ups for unknown addresses (one query
 *    each) queued in one statement, timed until the queue is empty, on the two workers and
 *    then on four;
 *  - live events per second: the script publishes as the app does (`live_publish`, one
 *    statement: the log row and its NOTIFY) from 1, 4 and 16 connections, while each user
 *    holds a stream on both instances; delivered per second and NOTIFY → stream p99. Then the
 *    controls that tell what bounds it: the log row without the NOTIFY from 16 connections and
 *    from one, and the events with synchronous_commit off.
 * `--ceiling-seconds N` (10) sets each step's length, `--ceiling-jobs N` (3000) the batch.
 */

const run = promisify(execFile);
const SECONDS = argument('ceiling-seconds', 10);
const JOBS = argument('ceiling-jobs', 3000);
const USERS = 8;

interface Window<T> {
  result: T;
  seconds: number;
  /** CPU seconds used in the window, by process, and by PostgreSQL's backends and the script. */
  cpu: Record<string, number>;
  machineBusy: number;
  load: number;
  peak: { total: number; active: number; lockWaits: number; notifyWaits: number; queue: number };
}

/** Runs `work`, watching CPU (from /proc) and PostgreSQL (every 200 ms) meanwhile. */
async function measured<T>(cluster: Cluster, work: () => Promise<T>): Promise<Window<T>> {
  const processes = cluster.processes();
  const before = processes.map((p) => cpuSeconds(p.pid) ?? 0);
  const pidsBefore = await backendPids(cluster.database);
  const pgBefore = new Map(pidsBefore.map((pid) => [pid, cpuSeconds(pid) ?? 0]));
  const machineBefore = machineCpu();
  const scriptBefore = (cpuSeconds('self') ?? 0) + (cpuSeconds('self', true) ?? 0);
  const peak = { total: 0, active: 0, lockWaits: 0, notifyWaits: 0, queue: 0 };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const now = await connectionsNow(cluster.database);
      peak.total = Math.max(peak.total, now.total);
      peak.active = Math.max(peak.active, now.active);
      peak.lockWaits = Math.max(peak.lockWaits, now.waiting);
      peak.notifyWaits = Math.max(peak.notifyWaits, now.notifyWaits);
      peak.queue = Math.max(peak.queue, now.queue);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  const cpu: Record<string, number> = {};
  processes.forEach((p, i) => (cpu[p.name] = (cpuSeconds(p.pid) ?? before[i]!) - before[i]!));
  // The script, with the load generators it started and waited for (autocannon).
  cpu['script and load generator'] =
    (cpuSeconds('self') ?? 0) + (cpuSeconds('self', true) ?? 0) - scriptBefore;
  let postgres = 0;
  for (const pid of new Set([...pidsBefore, ...(await backendPids(cluster.database))])) {
    const now = cpuSeconds(pid);
    if (now !== undefined) postgres += now - (pgBefore.get(pid) ?? 0);
  }
  cpu.PostgreSQL = postgres;
  const machineAfter = machineCpu();
  return {
    result,
    seconds,
    cpu,
    machineBusy: Math.round(
      ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 100,
    ),
    load: loadavg()[0]!,
    peak,
  };
}

/**
 * What bounded a window: each process's share of a core and its CPU time per operation; the
 * machine's busy share; PostgreSQL's connections, lock waits and NOTIFY queue at their peak.
 */
function bounds(
  w: Window<unknown>,
  operations: number,
  unit: string,
  /** A process's own operations, where it did only some (one instance of two). */
  own: Record<string, number> = {},
) {
  const used = Object.entries(w.cpu).filter(([, seconds]) => seconds >= 0.005 * w.seconds);
  const perOperation = used
    .map(
      ([name, seconds]) =>
        `${name} ${Math.round((seconds / w.seconds) * 100)} % (${((seconds * 1000) / (own[name] ?? operations)).toFixed(2)} ms)`,
    )
    .join(', ');
  const total = used.reduce((sum, [, seconds]) => sum + seconds, 0);
  return [
    `  CPU, share of one core (ms per ${unit}): ${perOperation}; ${((total * 1000) / operations).toFixed(2)} ms per ${unit} in all`,
    `  machine ${w.machineBusy} % busy (2 cores, load average ${w.load.toFixed(1)}); PostgreSQL at the peak: ${w.peak.total} connections, ${w.peak.active} active, ${w.peak.lockWaits} waiting on a lock (${w.peak.notifyWaits} for the NOTIFY commit lock), NOTIFY queue ${(w.peak.queue * 100).toFixed(2)} % full`,
  ].join('\n');
}

/** autocannon on `url` for SECONDS in a child process (scripts/lib/load.mjs). */
async function autocannon(url: string, headers: Record<string, string>) {
  const { stdout } = await run(
    process.execPath,
    [
      join(import.meta.dirname, 'load.mjs'),
      JSON.stringify({ url, headers, connections: 50, duration: SECONDS }),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  const r = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p99: number };
    non2xx: number;
    errors: number;
  };
  return {
    rps: Math.round(r.requests.average),
    total: r.requests.total,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors,
  };
}

/** A user's details (one prepared statement, the session cached) at -c 50 on one instance, then both. */
async function readsCeiling(cluster: Cluster, users: { userId: string; token: string }[]) {
  const user = users[0]!;
  const apiKey = cluster.apiKeys.travel;
  const headers = { 'api-key': apiKey, authorization: `Bearer ${user.token}` };
  const path = urlFor(API_ROOT, accountsContracts.details, { id: user.userId });
  const on = (instance: Instance) => autocannon(instance.base + path, headers);
  const [first, second] = cluster.instances;
  const one = await measured(cluster, () => on(first));
  console.log(
    `\nsigned-in reads (GET ${accountsContracts.details.path}), one instance: ${one.result.rps}/s (p99 ${one.result.p99} ms, ${one.result.bad} not 200)\n${bounds(one, one.result.total, 'read')}`,
  );
  const both = await measured(cluster, () => Promise.all([on(first), on(second)]));
  const [a, b] = both.result;
  console.log(
    `\nsigned-in reads, both instances at once: ${a.rps}/s + ${b.rps}/s = ${a.rps + b.rps}/s (p99 ${a.p99} and ${b.p99} ms, ${a.bad + b.bad} not 200)\n${bounds(both, a.total + b.total, 'read', { 'api 1': a.total, 'api 2': b.total })}`,
  );
  return one.result.bad + a.bad + b.bad === 0;
}

/**
 * `count` password-reset look-ups for unknown addresses (one query each, no email) queued in
 * one statement; answers the wait until the queue has none left, to be timed.
 */
async function queueJobs(cluster: Cluster, count: number) {
  const { pool } = cluster.database;
  await pool.query(
    `select graphile_worker.add_job('accounts.sendResetLink',
       json_build_object('partnerId', 'travel', 'emailAddress', 'nobody-' || i || '@ceiling.example'),
       max_attempts => 5)
       from generate_series(1, $1::int) i`,
    [count],
  );
  return async () => {
    for (;;) {
      const { rows } = await pool.query<{ n: number }>(
        `select count(*)::int as n from graphile_worker._private_jobs j
           join graphile_worker._private_tasks t on t.id = j.task_id
          where t.identifier = 'accounts.sendResetLink'`,
      );
      if (rows[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}

async function jobsCeiling(cluster: Cluster) {
  for (const workers of [2, 4]) {
    while (cluster.workers.length < workers) cluster.addWorker();
    await new Promise((resolve) => setTimeout(resolve, workers > 2 ? 10_000 : 0));
    // Warm: each worker's pool and statements.
    await (
      await queueJobs(cluster, 200)
    )();
    const drained = await queueJobs(cluster, JOBS);
    const window = await measured(cluster, drained);
    console.log(
      `\njobs, ${workers} workers (concurrency 4 each): ${Math.round(JOBS / window.seconds)}/s (${JOBS} queued at once, drained in ${window.seconds.toFixed(1)} s)\n${bounds(window, JOBS, 'job')}`,
    );
  }
}

const event = `select live_publish($1, '["USER_DETAILS"]'::jsonb)`;
const logRow = `insert into live_events (user_id, keys) values ($1, '["USER_DETAILS"]'::jsonb)`;

async function liveCeiling(cluster: Cluster, users: { userId: string; token: string }[]) {
  const live = await watchLiveEvents(cluster.databaseUrl);
  const streams: { userId: string; stream: HeldStream }[] = [];
  for (const user of users)
    for (const instance of cluster.instances)
      streams.push({
        userId: user.userId,
        stream: await holdStream(
          instance,
          urlFor(API_ROOT, accountsContracts.events, { id: user.userId }),
          { 'api-key': cluster.apiKeys.travel, authorization: `Bearer ${user.token}` },
        ),
      });
  /**
   * `statement` for SECONDS from `connections` connections, round the users: how many ran.
   * The connections are opened first and closed after the window, so that their backends'
   * CPU is counted.
   */
  const publisher = async (connections: number, statement: string, setup?: string) => {
    const pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: connections });
    const clients = await Promise.all(Array.from({ length: connections }, () => pool.connect()));
    if (setup) for (const client of clients) await client.query(setup);
    const run = async () => {
      const until = Date.now() + SECONDS * 1000;
      let published = 0;
      await Promise.all(
        clients.map(async (client, p) => {
          for (let i = p; Date.now() < until; i += connections) {
            await client.query(statement, [users[i % users.length]!.userId]);
            published += 1;
          }
        }),
      );
      return published;
    };
    const close = async () => {
      for (const client of clients) client.release();
      await pool.end();
    };
    return { run, close };
  };
  let ok = true;
  for (const publishers of [1, 4, 16]) {
    const from = performance.now();
    const publish = await publisher(publishers, event);
    const window = await measured(cluster, async () => {
      const published = await publish.run();
      // Stragglers: a moment for the last events to reach the streams.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return published;
    });
    await publish.close();
    const heard = [...live.heard].filter(([, e]) => e.at >= from);
    const delays: number[] = [];
    let missing = 0;
    for (const [id, event] of heard)
      for (const { stream } of streams.filter((s) => s.userId === event.userId)) {
        const at = stream.arrivals.get(id);
        if (at === undefined) missing += 1;
        else delays.push(at - event.at);
      }
    // Each event goes to its user's two streams (one per instance).
    const perSecond = Math.round(window.result / (window.seconds - 1));
    console.log(
      `\nlive events, ${publishers} publishing connection${publishers > 1 ? 's' : ''}: ${perSecond}/s published, ${Math.round(delays.length / 2 / (window.seconds - 1))}/s delivered on both instances, ${missing} stream deliveries missing; NOTIFY → stream median ${median(delays).toFixed(0)} ms, p99 ${p99(delays).toFixed(0)} ms\n${bounds(window, window.result, 'event')}`,
    );
    ok &&= missing === 0;
    live.heard.clear();
  }
  // The controls. The same log row without its NOTIFY, from 16 connections (commits flushed
  // together) and from one (one flush per commit); and the events again with the commit not
  // waiting for its flush (synchronous_commit off), which the NOTIFY lock is held across.
  const controls: [string, number, string, string?][] = [
    ['the log row alone (no NOTIFY)', 16, logRow],
    ['the log row alone (no NOTIFY)', 1, logRow],
    ['live_publish, synchronous_commit off', 16, event, 'set synchronous_commit = off'],
  ];
  for (const [label, connections, statement, setup] of controls) {
    const rows = await publisher(connections, statement, setup);
    const control = await measured(cluster, rows.run);
    await rows.close();
    console.log(
      `\ncontrol, ${label}, ${connections} connection${connections > 1 ? 's' : ''}: ${Math.round(control.result / control.seconds)}/s\n${bounds(control, control.result, 'row')}`,
    );
  }
  for (const { stream } of streams) stream.close();
  await live.close();
  return ok;
}

export async function ceilings(cluster: Cluster): Promise<boolean> {
  const [first] = cluster.instances;
  console.log(
    `multi --ceilings: 2 API instances and 2 workers on ${process.env.DATABASE_URL ? 'the DATABASE_URL' : 'an embedded'} PostgreSQL; ${SECONDS} s per step; load average now ${(
      await import('node:os')
    )
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const users: { userId: string; token: string }[] = [];
  for (let n = 0; n < USERS; n++) {
    const session = (await call('write', first, accountsContracts.register, {
      apiKey: cluster.apiKeys.travel,
      params: { partnerId: 'travel' },
      body: registration('MULTI', n),
    })) as { userId: string; token: string } | undefined;
    if (!session) throw new Error(`user ${n} not registered`);
    users.push(session);
  }
  const reads = await readsCeiling(cluster, users);
  const live = await liveCeiling(cluster, users);
  await jobsCeiling(cluster);
  return reads && live;
}
