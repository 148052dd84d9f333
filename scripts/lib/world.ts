import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openPostgres, type Db } from '../../apps/api/src/db/client.ts';
import { keysFor } from '../../apps/api/src/lib/encryption-for.ts';
import { seedDemo } from '../../apps/api/src/seed/seed-demo.ts';
import { policiesRepo } from '../../apps/api/src/modules/policies/repo.ts';
import { demoPartners } from '../../apps/api/src/seed/demo-world.ts';
import { partnersRepo } from '../../apps/api/src/modules/partners/repo.ts';

/** What the crash test and `npm run multi` share: Tern processes and users to make. */

const repoRoot = join(import.meta.dirname, '../..');
export const travel = demoPartners.find((p) => p.id === 'travel')!;
/**
 * The travel partner's API key in a scripted world: production refuses the demo world's
 * published key (and secrets and passwords), so the world gets a key of its own.
 */
export const worldApiKey = `tern_pk_travel_${randomBytes(12).toString('hex')}`;
export const PASSWORD = 'Scripted-user-2026!';

/** A number given on the command line as `--name N`, or the fallback. */
export const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};

export const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

/**
 * The environment of Tern processes run as in production, without demo seeding (the script
 * seeds once), quiet, with limits out of the way of a scripted load.
 */
export const productionEnv = (base: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  ...base,
  NODE_ENV: 'production',
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  FINGERPRINT_KEY: randomBytes(32).toString('base64'),
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000000',
  AUTH_RATE_LIMIT_MAX: '100000000',
  ABUSE_LIMIT_SCALE: '1000000',
  HOST: '127.0.0.1',
});

/** Migrates the database at `url`, seeds the demo world and `policies` free policies. */
export async function prepareWorld(
  url: string,
  env: NodeJS.ProcessEnv,
  prefix: string,
  policies: number,
) {
  const database = openPostgres(url, 2);
  await database.migrate();
  await seedDemo(database.db, keysFor(loadConfig(env)));
  await withoutPublishedCredentials(database.db);
  await addFreePolicies(database.db, prefix, policies);
  await database.close();
}

/**
 * What production asks of a database before it starts (seed/demo-guard.ts): the demo keys
 * replaced by `worldApiKey`, the demo SSO secrets revoked, no demo password left.
 */
async function withoutPublishedCredentials(db: Db) {
  const partners = partnersRepo(db);
  await db.execute(sql`delete from partner_api_keys`);
  await partners.addApiKeyIfMissing(travel.id, worldApiKey, 'scripted world');
  for (const partner of demoPartners) await partners.revokeSecret(`${partner.id}-demo`, new Date());
  await db.execute(sql`update users set password_hash = null`);
}

/** `count` free travel policies `<prefix>-00000`…, so as many registrations can be made. */
export async function addFreePolicies(db: Db, prefix: string, count: number) {
  await policiesRepo(db).addMissing(
    Array.from({ length: count }, (_, i) => ({
      partnerId: travel.id,
      externalPolicyNumber: policyNumber(prefix, i),
      policyStart: '2026-01-01',
      policyEnd: null,
      maxInsured: 1,
    })),
  );
}
const policyNumber = (prefix: string, n: number) => `${prefix}-${String(n).padStart(5, '0')}`;

/** Names take letters only: n written in the letters a–z. */
const lettersOf = (n: number): string =>
  (n >= 26 ? lettersOf(Math.floor(n / 26) - 1) : 'T') + String.fromCharCode(97 + (n % 26));

/** The body of the n-th scripted registration, on the n-th free policy of `prefix`. */
export const registration = (prefix: string, n: number) => ({
  firstName: 'Scripted',
  surname: lettersOf(n),
  emailAddress: `${prefix.toLowerCase()}-${n}@example.com`,
  mobilePhoneNumber: '+14165550123',
  policyNumber: policyNumber(prefix, n),
  password: PASSWORD,
  locale: 'en-CA',
  commsSms: true,
});

/** Starts a Tern process (`apps/api/src/<entry>`) in its own process group. */
export function startProcess(entry: 'main.ts' | 'worker.ts', env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', `apps/api/src/${entry}`], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
}

/** Waits until an instance answers /healthz. */
export async function whenHealthy(port: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nothing answered on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Ends a process cleanly (SIGTERM) and waits for it. */
export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
