/**
 * The crash test (part of `npm test`): Tern runs as in production on its embedded PostgreSQL
 * (API and worker in one process) while writers of every kind make acknowledged writes over
 * HTTP — registrations, trips (Blink it), uploads (a claim-dispute PDF through a signed URL),
 * claims datasets (a revenue prediction saved again and again), payments (the partner's back
 * end, retrying unanswered requests under the same key) and, from trips and payments, webhooks
 * to the partner's receiver, which runs here, outside the killed group. The whole process
 * group (the API and its PostgreSQL server) is killed with SIGKILL mid-write, then started
 * again (see `killTern`); after every restart `scripts/lib/crash-checks.ts` checks that each acknowledged write
 * is there, that no payment went to the rail twice, that no webhook was delivered again once
 * recorded, and that no stored file is half-written. After the last restart every payment
 * must settle, every webhook arrive and every upload be scanned.
 *
 * `tsx scripts/crash-test.ts [--kills N] [--write-seconds S]`; prints one line per kill and a
 * summary; exits 1 on any failure.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedServer } from '../apps/api/src/db/embedded.ts';
import { EMBEDDED_DATABASE } from '../apps/api/src/db/client.ts';
import { CHECKS, checkAfterRestart, missingOutcomes, type Findings } from './lib/crash-checks.ts';
import { webhookReceiver } from './lib/crash-receiver.ts';
import { prepareCrashWorld } from './lib/crash-world.ts';
import { crashWriters, newLedger, type Ledger } from './lib/crash-writers.ts';
import {
  argument,
  freePort,
  productionEnv,
  startProcess,
  stopProcess,
  whenHealthy,
} from './lib/world.ts';

const KILLS = argument('kills', 20);
/** Writing lasts between half and all of this before each kill, so kills land anywhere. */
const WRITE_MS = argument('write-seconds', 2) * 1000;
/** How long the writes' outcomes (settled payments, webhooks, scans) may take at the end. */
const OUTCOMES_MS = 120_000;
const POLICIES = 3000;
const PREFIX = 'CRASH';

const started = performance.now();
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const dataDir = mkdtempSync(join(tmpdir(), 'tern-crash-'));
// Never DATABASE_URL: the test kills the embedded server with the API.
const { DATABASE_URL: _external, ...inherited } = process.env;
const env = productionEnv({
  ...inherited,
  DATA_DIR: dataDir,
  // Payments clear within the run: sent, then settled half a second later.
  PAYOUT_SIM_SETTLE_MS: '500',
  PAYOUT_POLL_MS: '500',
});

/** Every process now (Linux): its parent and the CPU seconds it has used. */
function processes() {
  const found = new Map<number, { parent: number; cpu: number }>();
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)))
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // After the command: state, ppid, … utime, stime, and those of its children it reaped
      // (the 14th to 17th fields), in ticks.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
      found.set(Number(name), { parent: Number(fields[1]), cpu: ticks / 100 });
    } catch {
      // gone meanwhile
    }
  return found;
}

/**
 * Kills Tern and everything it started with SIGKILL, at once: its process group, and the
 * PostgreSQL processes, which each lead a session of their own (PostgreSQL's children call
 * setsid), so a group kill would leave them to notice their postmaster's death and finish
 * what they were doing. Answers the CPU seconds they had used, the run's cost apart from how
 * busy the machine is.
 */
function killTern(tern: ChildProcess): number {
  const all = processes();
  const tree = new Set([tern.pid!]);
  for (let grown = true; grown;) {
    grown = false;
    for (const [pid, { parent }] of all)
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grown = true;
      }
  }
  process.kill(-tern.pid!, 'SIGKILL');
  for (const pid of tree)
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  return [...tree].reduce((sum, pid) => sum + (all.get(pid)?.cpu ?? 0), 0);
}

async function startTern(port: number): Promise<ChildProcess> {
  const child = startProcess('main.ts', { ...env, PORT: String(port) });
  await whenHealthy(port, 120_000);
  return child;
}

/** A client of the running cluster (joined, not started: Tern runs it). */
async function connect(): Promise<{ client: pg.Client; server: EmbeddedServer }> {
  const server = await startEmbeddedPostgres({ dataDir, database: EMBEDDED_DATABASE });
  const client = new pg.Client({ connectionString: server.urlFor(EMBEDDED_DATABASE) });
  await client.connect();
  return { client, server };
}

const counts = (ledger: Ledger) => ({
  registrations: ledger.registrations.length,
  trips: ledger.trips.length,
  uploads: ledger.uploads.length,
  'claims datasets': ledger.predictions.length,
  payments: ledger.payments.length,
  'webhooks received': 0,
});
type Counts = ReturnType<typeof counts>;

/** The jobs still queued, by task: how many, their most attempts, their latest error. */
const pendingJobs = async (client: pg.Client) =>
  (
    await client.query<Record<string, unknown>>(
      `select task_identifier as task, count(*)::int as jobs, max(attempts) as attempts,
              max(run_at) - now() as "next run in", max(last_error) as error, count(locked_by)::int as locked
         from graphile_worker.jobs group by 1`,
    )
  ).rows;

const failed = (findings: Findings) => [...findings.failures].filter(([, list]) => list.length > 0);

async function main() {
  const receiver = await webhookReceiver();
  const preparing = performance.now();
  const server = await startEmbeddedPostgres({ dataDir, database: EMBEDDED_DATABASE });
  const world = await prepareCrashWorld(server.urlFor(EMBEDDED_DATABASE), env, {
    prefix: PREFIX,
    policies: POLICIES,
    receiverUrl: receiver.url,
  });
  await server.stop();
  console.log(`prepared the world in ${seconds(preparing)} s`);

  const ledger = newLedger();
  const writers = crashWriters(world, PREFIX, ledger);
  const port = await freePort();
  const documentsRoot = join(dataDir, 'documents');
  /** Each check's failures over the run, and how many times it ran. */
  const failures = new Map<string, string[]>(CHECKS.map((name) => [name, []]));
  let checksRun = 0;
  let webhookRepeats = 0;
  const restarts: number[] = [];
  let ternCpu = 0;
  const loadAtStart = loadavg()[0]!;

  const check = async (generation: number) => {
    const { client } = await connect();
    try {
      const findings = await checkAfterRestart({
        client,
        ledger,
        world,
        receipts: receiver.receipts,
        generation,
        documentsRoot,
      });
      checksRun += CHECKS.length;
      webhookRepeats = findings.webhookRepeats;
      for (const [name, list] of failed(findings)) {
        failures.get(name)!.push(...list.map((what) => `after kill ${generation - 1}: ${what}`));
        console.log(`  FAILED ${name}: ${list.join('; ')}`);
      }
      return findings;
    } finally {
      await client.end();
    }
  };

  let before: Counts = counts(ledger);
  for (let kill = 1; kill <= KILLS; kill++) {
    const restarting = performance.now();
    receiver.setGeneration(kill);
    const tern = await startTern(port);
    if (kill > 1) restarts.push(performance.now() - restarting);
    // Every write acknowledged before the previous kill is here after the restart.
    const findings = kill > 1 ? await check(kill) : undefined;

    const writeMs = WRITE_MS / 2 + Math.random() * (WRITE_MS / 2);
    const until = { at: Date.now() + 60_000 };
    const writing = writers.writeAll(port, until);
    // Timed from the life's first acknowledged write: a kill lands amid writes, not while
    // the first requests of a fresh process warm it up.
    const acknowledged = () => Object.values(counts(ledger)).reduce((sum, n) => sum + n, 0);
    const already = acknowledged();
    for (const warm = Date.now() + 20_000; acknowledged() === already && Date.now() < warm;)
      await new Promise((resolve) => setTimeout(resolve, 20));
    until.at = Date.now() + writeMs + 10_000;
    await new Promise((resolve) => setTimeout(resolve, writeMs));
    ternCpu += killTern(tern);
    await writing;
    const now = { ...counts(ledger), 'webhooks received': receiver.receipts.length };
    const added = Object.entries(now)
      .map(([kind, n]) => `+${n - before[kind as keyof Counts]} ${kind}`)
      .join(', ');
    before = now;
    console.log(
      `kill ${kill}: SIGKILL ${(writeMs / 1000).toFixed(1)} s after the first write (${added})` +
        (findings
          ? `; restart ${((restarts.at(-1) ?? 0) / 1000).toFixed(1)} s, ${failed(findings).length === 0 ? 'every check passed' : `${failed(findings).length} checks FAILED`}`
          : ''),
    );
  }

  // The last kill's writes, after one more restart; then their outcomes, nothing killed.
  receiver.setGeneration(KILLS + 1);
  const restarting = performance.now();
  const tern = await startTern(port);
  restarts.push(performance.now() - restarting);
  await check(KILLS + 1);
  const settling = performance.now();
  const { client } = await connect();
  let missing = await missingOutcomes(client, ledger, receiver.receipts);
  const deadline = Date.now() + OUTCOMES_MS;
  for (let said = Date.now(); missing.length > 0 && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    missing = await missingOutcomes(client, ledger, receiver.receipts);
    if (Date.now() - said > 15_000 && missing.length > 0) {
      said = Date.now();
      console.log(
        `  ${seconds(settling)} s: ${missing.length} outcomes missing (${missing.slice(0, 3).join('; ')})`,
      );
      console.log(`    their jobs: ${JSON.stringify(await pendingJobs(client))}`);
    }
  }
  await client.end();
  // Once more, with every webhook in: none delivered twice.
  const last = await check(KILLS + 1);
  console.log(
    `after the last restart: ${missing.length === 0 ? 'every payment settled, every webhook received, every upload scanned' : `${missing.length} outcomes missing: ${missing.slice(0, 5).join('; ')}`} (${seconds(settling)} s)`,
  );
  ternCpu += [...processes()]
    .filter(([pid, { parent }]) => pid === tern.pid || parent === tern.pid)
    .reduce((sum, [, { cpu }]) => sum + cpu, 0);
  // A clean stop this time: the API closes and stops its PostgreSQL server.
  await stopProcess(tern);
  await receiver.close();
  rmSync(dataDir, { recursive: true, force: true });

  for (const [kind, why] of ledger.refused) console.log(`  first refusal of a ${kind}: ${why}`);
  const total = { ...counts(ledger), 'webhooks received': receiver.receipts.length };
  const failedChecks = [...failures].filter(([, list]) => list.length > 0);
  const meanRestart = restarts.reduce((a, b) => a + b, 0) / restarts.length / 1000;
  console.log(
    `crash test: ${KILLS} kills in ${seconds(started)} s (load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end; CPU ${ternCpu.toFixed(0)} s in Tern's processes, ${(process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6).toFixed(0)} s in the test's; restart mean ${meanRestart.toFixed(1)} s, worst ${(Math.max(...restarts) / 1000).toFixed(1)} s); acknowledged: ${Object.entries(
      total,
    )
      .map(([kind, n]) => `${n} ${kind}`)
      .join(
        ', ',
      )}; ${ledger.paymentRepeats} payment requests repeated under their key; ${webhookRepeats} webhooks posted again after a kill cut their record; ${last.partialFiles} partial and ${last.unreferencedFiles} unreferenced files left by kills; ${checksRun} checks, ${failedChecks.length === 0 ? 'all passed' : `FAILED: ${failedChecks.map(([name]) => name).join(', ')}`}; ${missing.length} outcomes missing`,
  );
  const retried = [...ledger.uploadRetries].map(([status, n]) => `${n} answered ${status}`);
  console.log(
    `  uploads a kill left unanswered, sent again through their link: ${retried.length ? retried.join(', ') : 'none'} (403: the link was spent, by the stored upload or by one the kill cut)`,
  );
  const neverWritten = Object.entries(total).filter(([, n]) => n === 0);
  if (neverWritten.length > 0) console.log('  a kind of write was never acknowledged');
  report([
    ...failedChecks.flatMap(([name, list]) => list.slice(0, 5).map((what) => `${name}: ${what}`)),
    ...missing.slice(0, 5).map((what) => `outcome missing: ${what}`),
    ...neverWritten.map(
      ([kind]) =>
        `never acknowledged: ${kind}; refused: ${[...ledger.refused].map(([what, why]) => `${what} ${why}`).join('; ') || 'nothing'}`,
    ),
  ]);
}

/** What failed, for `npm test`'s summary (`CRASH_TEST_REPORT`); exits 1 when anything did. */
function report(failures: string[]): never {
  if (process.env.CRASH_TEST_REPORT)
    writeFileSync(process.env.CRASH_TEST_REPORT, failures.map((f) => `${f}\n`).join(''));
  process.exit(failures.length === 0 ? 0 : 1);
}

try {
  await main();
} catch (error) {
  console.error(error);
  report([`stopped after ${seconds(started)} s: ${String(error).split('\n')[0]}`]);
}
