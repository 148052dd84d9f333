import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Db } from '../../apps/api/src/db/client.ts';
import { policiesRepo } from '../../apps/api/src/modules/policies/repo.ts';
import { demoPartners } from '../../apps/api/src/seed/demo-world.ts';

/** What the crash test and `npm run multi` share: Tern processes and users to make. */

export const repoRoot = join(import.meta.dirname, '../..');
export const travel = demoPartners.find((p) => p.id === 'travel')!;
export const PASSWORD = 'Scripted-user-2026!';

export const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

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
