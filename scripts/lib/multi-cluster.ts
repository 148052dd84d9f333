import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { WEBHOOK_EVENT_TYPES } from '@tern/domain';
import { loadConfig } from '../../apps/api/src/config.ts';
import { EMBEDDED_DATABASE, openPostgres, type Database } from '../../apps/api/src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../apps/api/src/db/embedded.ts';
import { keysFor, type Keys } from '../../apps/api/src/lib/encryption-for.ts';
import { hashPassword } from '../../apps/api/src/lib/passwords.ts';
import { users } from '../../apps/api/src/modules/accounts/tables.ts';
import { partnersRepo } from '../../apps/api/src/modules/partners/repo.ts';
import { webhookEndpoints } from '../../apps/api/src/modules/partners/webhooks/tables.ts';
import { demoEmail } from '../../apps/api/src/seed/demo-world.ts';
import {
  freePort,
  PASSWORD,
  prepareWorld,
  productionEnv,
  startProcess,
  stopProcess,
  whenHealthy,
  worldApiKey,
} from './world.ts';

/**
 * The cluster of `npm run multi`: one PostgreSQL (DATABASE_URL's, or an embedded server made
 * for the run), two API instances that serve and do not work jobs (RUN_JOBS=false) and two
 * workers, as a partner runs Tern in production. The world is the demo world without its
 * published credentials (world.ts), plus what the mixed load needs: an API key of the
 * parametric and the monitoring partner, their demo customers' passwords, and webhook
 * endpoints of the three partners on a receiver of the script's.
 */

export interface Instance {
  port: number;
  base: string;
  child: ChildProcess;
}

/** The partners the load drives, each with the API key the world gave it. */
const loadPartners = ['travel', 'business', 'identity'] as const;
export type LoadPartner = (typeof loadPartners)[number];

export interface Cluster {
  databaseUrl: string;
  database: Database;
  keys: Keys;
  apiKeys: Record<LoadPartner, string>;
  instances: [Instance, Instance];
  workers: ChildProcess[];
  /** Starts one more worker (the ceilings see whether a third and fourth help). */
  addWorker(): ChildProcess;
  /** Every Tern process, named, for CPU figures. */
  processes(): { name: string; pid: number }[];
  stop(): Promise<void>;
}

export async function startCluster(options: { policies: number; prefix: string }) {
  const scratch = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'tern-multi-'));
  let server: EmbeddedServer | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    server = await startEmbeddedPostgres({ dataDir: scratch!, database: EMBEDDED_DATABASE });
    databaseUrl = server.urlFor(EMBEDDED_DATABASE);
  }
  const env = productionEnv({ ...process.env, DATABASE_URL: databaseUrl });
  await prepareWorld(databaseUrl, env, options.prefix, options.policies);
  const database = openPostgres(databaseUrl, 6);
  const keys = keysFor(loadConfig(env));
  const apiKeys = { travel: worldApiKey } as Record<LoadPartner, string>;
  const partners = partnersRepo(database.db);
  const passwordHash = await hashPassword(PASSWORD);
  for (const partnerId of ['business', 'identity'] as const) {
    apiKeys[partnerId] = `tern_pk_${partnerId}_${randomBytes(12).toString('hex')}`;
    await partners.addApiKeyIfMissing(partnerId, apiKeys[partnerId], 'scripted world');
    await database.db
      .update(users)
      .set({ passwordHash })
      .where(eq(users.emailAddress, demoEmail(partnerId)));
  }

  const apiEnv = { ...env, RUN_JOBS: 'false' };
  const instances: Instance[] = [];
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const child = startProcess('main.ts', { ...apiEnv, PORT: String(port) });
    instances.push({ port, base: `http://127.0.0.1:${port}`, child });
  }
  const workers: ChildProcess[] = [];
  const addWorker = () => {
    const worker = startProcess('worker.ts', env);
    workers.push(worker);
    return worker;
  };
  addWorker();
  addWorker();
  await Promise.all(instances.map(({ port }) => whenHealthy(port)));

  const cluster: Cluster = {
    databaseUrl,
    database,
    keys,
    apiKeys,
    instances: instances as [Instance, Instance],
    workers,
    addWorker,
    processes: () => [
      ...instances.map((instance, i) => ({ name: `api ${i + 1}`, pid: instance.child.pid! })),
      ...workers.map((worker, i) => ({ name: `worker ${i + 1}`, pid: worker.pid! })),
    ],
    async stop() {
      for (const child of [...instances.map((i) => i.child), ...workers]) await stopProcess(child);
      await database.close();
      await server?.stop();
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    },
  };
  return cluster;
}

/**
 * Webhook endpoints of the load's partners for every event type, on `receiverUrl`: written
 * straight to the table, as the bench does, since production registers https endpoints only.
 */
export async function addWebhookEndpoints(cluster: Cluster, receiverUrl: string) {
  const rows = await cluster.database.db
    .insert(webhookEndpoints)
    .values(
      loadPartners.map((partnerId) => ({
        partnerId,
        url: `${receiverUrl}/${partnerId}`,
        events: [...WEBHOOK_EVENT_TYPES],
        description: 'npm run multi',
        secretCiphertext: cluster.keys.encryption.encrypt(
          `whsec_${randomBytes(24).toString('base64')}`,
        ),
      })),
    )
    .returning({ id: webhookEndpoints.id });
  return rows.map((row) => row.id);
}

/**
 * CPU seconds a process has used so far (user + system), from /proc, or with `children` those
 * of its children that have ended; undefined once it is gone.
 */
export function cpuSeconds(pid: number | 'self', children = false): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime, stime, cutime, cstime: fields 14 to 17 of stat, 11 to 14 after the command's ")".
    const at = children ? 13 : 11;
    return (Number(fields[at]) + Number(fields[at + 1])) / 100;
  } catch {
    return undefined;
  }
}

/** The machine's busy and total CPU time so far (every core), from /proc/stat. */
export function machineCpu() {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const numbers = values.map(Number);
  const idle = numbers[3]! + numbers[4]!;
  const total = numbers.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** The PostgreSQL server processes serving the database now (its backends). */
export async function backendPids(database: Database): Promise<number[]> {
  const { rows } = await database.pool.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database()`,
  );
  return rows.map((row) => row.pid);
}

/**
 * Connections to the database by state; those waiting on a lock, and of them those waiting for
 * the lock a commit that notifies takes (PostgreSQL lets one such commit through at a time:
 * async.c, an exclusive lock on database 0 of pg_database); and the NOTIFY queue's use (0–1).
 */
export async function connectionsNow(database: Database) {
  const { rows } = await database.db.execute<{
    total: number;
    active: number;
    waiting: number;
    notifyWaits: number;
    queue: number;
  }>(sql`
    select count(*)::int as total,
           count(*) filter (where state = 'active')::int as active,
           count(*) filter (where wait_event_type = 'Lock')::int as waiting,
           (select count(*)::int from pg_locks where not granted and locktype = 'object'
               and classid = 'pg_database'::regclass and objid = 0) as "notifyWaits",
           pg_notification_queue_usage()::float as queue
      from pg_stat_activity where datname = current_database()`);
  return rows[0]!;
}
