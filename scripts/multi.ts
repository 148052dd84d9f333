/**
 * `npm run multi [-- --seconds N --users N]`: Tern as a partner runs it in production, on one
 * machine: two API instances and one worker on one PostgreSQL (DATABASE_URL's, or an
 * embedded server started for the run), every one of them working jobs. Simulated users
 * drive a bounded mixed load through both instances for the given time:
 *  - reads (details, access, policies) on either instance with a session opened on either;
 *  - writes (a change of name) on either instance, each of which must reach the user's
 *    event stream, held open on the second instance;
 *  - logins (argon2id-bound, so few), and password-reset requests, each of which queues
 *    jobs (look up the account, deliver the email) that must run exactly once.
 * Prints what happened and exits 1 on any error, lost event or job run twice or never.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  API_ROOT,
  LIVE_EVENTS,
  accountsContracts,
  policiesContracts,
  urlFor,
  type Contract,
} from '@tern/domain';
import { EMBEDDED_DATABASE } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from '../apps/api/src/db/embedded.ts';
import { openStream, type OpenedStream } from '../apps/api/test/event-stream.ts';
import {
  argument,
  freePort,
  PASSWORD,
  prepareWorld,
  worldApiKey,
  productionEnv,
  registration,
  startProcess,
  stopProcess,
  travel,
  whenHealthy,
} from './lib/world.ts';

const SECONDS = argument('seconds', 20);
const USERS = argument('users', 12);
/** Password resets each user asks for (the limit is 3 per address in 15 minutes). */
const RESETS_PER_USER = 2;
const PREFIX = 'MULTI';

type Kind = 'read' | 'write' | 'login' | 'reset';
const tally = new Map<Kind, { ok: number; errors: number; ms: number[] }>();
const count = (kind: Kind, ok: boolean, ms: number) => {
  const entry = tally.get(kind) ?? { ok: 0, errors: 0, ms: [] };
  if (ok) entry.ok += 1;
  else entry.errors += 1;
  entry.ms.push(ms);
  tally.set(kind, entry);
};
const errorSamples: string[] = [];
const p99 = (values: number[]) =>
  values.length ? [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)]! : 0;

interface Instance {
  port: number;
  base: string;
}
const headersOf = (token?: string) => ({
  'api-key': worldApiKey,
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
const pathOf = (contract: Contract, params: Record<string, unknown> = {}) =>
  urlFor(API_ROOT, contract, params);

async function call(
  kind: Kind,
  instance: Instance,
  contract: Contract,
  options: { params?: Record<string, unknown>; body?: unknown; token?: string | undefined },
) {
  const started = performance.now();
  try {
    const response = await fetch(instance.base + pathOf(contract, options.params), {
      method: contract.method,
      headers: headersOf(options.token),
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const ok = response.status < 300;
    const text = await response.text();
    count(kind, ok, performance.now() - started);
    if (!ok && errorSamples.length < 5)
      errorSamples.push(`${contract.id} on :${instance.port}: ${response.status} ${text}`);
    return ok ? (JSON.parse(text || 'null') as unknown) : undefined;
  } catch (error) {
    count(kind, false, performance.now() - started);
    if (errorSamples.length < 5) errorSamples.push(`${contract.id}: ${String(error)}`);
    return undefined;
  }
}

interface User {
  n: number;
  id: string;
  email: string;
  tokens: string[];
  stream: OpenedStream;
  writes: number;
  /** When each write was sent, by its new name, to time its event. */
  pending: Map<string, number>;
}

async function main() {
  const scratch = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'tern-multi-'));
  let server: EmbeddedServer | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    server = await startEmbeddedPostgres({ dataDir: scratch!, database: EMBEDDED_DATABASE });
    databaseUrl = server.urlFor(EMBEDDED_DATABASE);
  }
  const env = productionEnv({ ...process.env, DATABASE_URL: databaseUrl });
  await prepareWorld(databaseUrl, env, PREFIX, USERS);
  const startedAt = new Date();

  const instances: Instance[] = [];
  const processes = [];
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    processes.push(startProcess('main.ts', { ...env, PORT: String(port) }));
    instances.push({ port, base: `http://127.0.0.1:${port}` });
  }
  processes.push(startProcess('worker.ts', env));
  await Promise.all(instances.map(({ port }) => whenHealthy(port)));
  const [first, second] = instances as [Instance, Instance];
  console.log(
    `multi: 2 API instances (:${first.port}, :${second.port}) and 1 worker on ${server ? 'an embedded' : 'the DATABASE_URL'} PostgreSQL; ${USERS} users for ${SECONDS} s`,
  );

  // Users register on the first instance and keep an event stream open on the second.
  const users: User[] = [];
  for (let n = 0; n < USERS; n++) {
    const body = registration(PREFIX, n);
    const session = (await call('write', first, accountsContracts.register, {
      params: { partnerId: travel.id },
      body,
    })) as { userId: string; token: string } | undefined;
    if (!session) throw new Error(`registration ${n} failed: ${errorSamples.join('; ')}`);
    const stream = await openStream(
      second.base + pathOf(accountsContracts.events, { id: session.userId }),
      headersOf(session.token),
    );
    users.push({
      n,
      id: session.userId,
      email: body.emailAddress,
      tokens: [session.token],
      stream,
      writes: 0,
      pending: new Map(),
    });
  }

  const eventLatencies: number[] = [];
  const deadline = Date.now() + SECONDS * 1000;
  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
  const reads = [accountsContracts.details, accountsContracts.access, policiesContracts.list];

  await Promise.all(
    users.map(async (user) => {
      let resets = 0;
      let changes = 0;
      // Each change's event, timed from its request.
      void (async () => {
        for (;;) {
          const event = await user.stream
            .next((e) => e.event === LIVE_EVENTS.change, { timeoutMs: (SECONDS + 30) * 1000 })
            .catch(() => undefined);
          if (!event) return;
          const sentAt = [...user.pending.values()][0];
          if (sentAt !== undefined) {
            eventLatencies.push(performance.now() - sentAt);
            user.pending.delete([...user.pending.keys()][0]!);
          }
        }
      })();
      while (Date.now() < deadline) {
        const instance = pick(instances);
        const roll = Math.random();
        if (roll < 0.8) {
          await call('read', instance, pick(reads), {
            params: { id: user.id },
            token: pick(user.tokens),
          });
        } else if (roll < 0.95) {
          const firstName = `Name${String.fromCharCode(97 + (changes++ % 26))}`;
          user.pending.set(`${changes}`, performance.now());
          const ok = await call('write', instance, accountsContracts.update, {
            params: { id: user.id },
            body: { firstName },
            token: pick(user.tokens),
          });
          if (ok) user.writes += 1;
          else user.pending.delete(`${changes}`);
        } else if (roll < 0.98 || resets >= RESETS_PER_USER) {
          const session = (await call('login', instance, accountsContracts.login, {
            body: { emailAddress: user.email, password: PASSWORD, partnerId: travel.id },
          })) as { token?: string } | undefined;
          if (session?.token) user.tokens.push(session.token);
        } else {
          resets += 1;
          await call('reset', instance, accountsContracts.forgotPassword, {
            body: { emailAddress: user.email, partnerId: travel.id },
          });
        }
      }
    }),
  );

  // Stragglers: events and jobs get a moment to finish.
  const settle = Date.now() + 5_000;
  while (Date.now() < settle && users.some((u) => u.pending.size > 0))
    await new Promise((resolve) => setTimeout(resolve, 50));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const waitForJobs = async () => {
    for (let i = 0; i < 100; i++) {
      const { rows } = await pool.query<{ n: number }>(
        `select count(*)::int as n from graphile_worker._private_jobs where attempts < max_attempts`,
      );
      if (rows[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await waitForJobs();
  const resetsAsked = tally.get('reset')?.ok ?? 0;
  const { rows: sent } = await pool.query<{ n: number; distinct: number }>(
    `select count(*)::int as n, count(distinct text)::int as distinct from outbox_messages
      where template = 'password-reset' and created_at >= $1`,
    [startedAt],
  );
  const { rows: failedJobs } = await pool.query<{ n: number }>(
    `select count(*)::int as n from graphile_worker._private_jobs where attempts >= max_attempts`,
  );
  await pool.end();

  for (const user of users) user.stream.close();
  for (const child of processes) await stopProcess(child);
  await server?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });

  const writes = users.reduce((n, u) => n + u.writes, 0);
  const lostEvents = users.reduce((n, u) => n + u.pending.size, 0);
  console.log(
    `\n${'kind'.padEnd(8)}${'ok'.padStart(8)}${'errors'.padStart(8)}${'p99 ms'.padStart(9)}`,
  );
  let errors = 0;
  for (const [kind, entry] of tally) {
    errors += entry.errors;
    console.log(
      `${kind.padEnd(8)}${String(entry.ok).padStart(8)}${String(entry.errors).padStart(8)}${p99(entry.ms).toFixed(0).padStart(9)}`,
    );
  }
  console.log(
    `\nevents: ${writes - lostEvents} of ${writes} changes reached a stream on :${second.port} (p99 ${p99(eventLatencies).toFixed(0)} ms from the request), ${lostEvents} lost`,
  );
  console.log(
    `jobs: ${resetsAsked} password resets asked, ${sent[0]!.n} reset emails delivered (${sent[0]!.distinct} distinct), ${failedJobs[0]!.n} failed jobs`,
  );
  for (const sample of errorSamples) console.log(`  error: ${sample}`);
  const ok =
    errors === 0 &&
    lostEvents === 0 &&
    sent[0]!.n === resetsAsked &&
    sent[0]!.distinct === resetsAsked &&
    failedJobs[0]!.n === 0;
  console.log(ok ? '\nmulti: OK' : '\nmulti: FAILED');
  process.exit(ok ? 0 : 1);
}

await main();
