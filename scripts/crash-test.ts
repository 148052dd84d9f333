/**
 * The crash test (part of `npm test`): Tern runs as in production on its embedded
 * PostgreSQL while writers make registrations; the whole process group (the API and its
 * PostgreSQL server) is killed with SIGKILL mid-write, then started again. After every
 * restart, each registration the API acknowledged (201) must be in the database.
 *
 * `tsx scripts/crash-test.ts [--kills N] [--write-seconds S]`; prints one line per kill and
 * a summary; exits 1 if an acknowledged write is missing.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { API_ROOT, accountsContracts, pathFor } from '@tern/domain';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';
import { EMBEDDED_DATABASE } from '../apps/api/src/db/client.ts';
import {
  argument,
  freePort,
  prepareWorld,
  worldApiKey,
  productionEnv,
  registration,
  startProcess,
  stopProcess,
  travel,
  whenHealthy,
} from './lib/world.ts';

const KILLS = argument('kills', 3);
const WRITE_MS = argument('write-seconds', 3) * 1000;
const WRITERS = 4;
const POLICIES = 2000;
const PREFIX = 'CRASH';

const dataDir = mkdtempSync(join(tmpdir(), 'tern-crash-'));
// Never DATABASE_URL: the test kills the embedded server with the API.
const { DATABASE_URL: _external, ...inherited } = process.env;
const env = productionEnv({ ...inherited, DATA_DIR: dataDir });

/** The demo world plus enough free policies for every registration the run can make. */
async function prepare() {
  const server = await startEmbeddedPostgres({ dataDir, database: EMBEDDED_DATABASE });
  await prepareWorld(server.urlFor(EMBEDDED_DATABASE), env, PREFIX, POLICIES);
  await server.stop();
}

async function startTern(port: number): Promise<ChildProcess> {
  const child = startProcess('main.ts', { ...env, PORT: String(port) });
  await whenHealthy(port);
  return child;
}

let nextPolicy = 0;
let refusedOnce = false;
/** Registers new users until `until`; answers the emails the API acknowledged. */
async function writer(port: number, until: number, acknowledged: string[]) {
  const url = `http://127.0.0.1:${port}${API_ROOT}${pathFor(accountsContracts.register, { partnerId: travel.id })}`;
  while (Date.now() < until) {
    const body = registration(PREFIX, nextPolicy++);
    const email = body.emailAddress;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'api-key': worldApiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status === 201) acknowledged.push(email);
      else if (!refusedOnce) {
        refusedOnce = true;
        console.log(`  a registration was refused: ${response.status} ${await response.text()}`);
      }
    } catch {
      return; // the server is gone
    }
  }
}

/** Which of `emails` have an account, read from the running cluster. */
async function present(emails: string[]): Promise<Set<string>> {
  const server = await startEmbeddedPostgres({ dataDir, database: EMBEDDED_DATABASE });
  const client = new pg.Client({ connectionString: server.urlFor(EMBEDDED_DATABASE) });
  await client.connect();
  const { rows } = await client.query<{ email: string }>(
    'select email_address as email from users where email_address = any($1)',
    [emails],
  );
  await client.end();
  return new Set(rows.map((row) => row.email));
}

async function main() {
  await prepare();
  const port = await freePort();
  const acknowledged: string[] = [];
  let lost = 0;
  for (let kill = 1; kill <= KILLS; kill++) {
    const tern = await startTern(port);
    // Every write acknowledged before the previous kill is here after the restart.
    const found = await present(acknowledged);
    const missing = acknowledged.filter((email) => !found.has(email));
    lost += missing.length;
    if (missing.length > 0) console.log(`  missing after restart: ${missing.join(', ')}`);

    const before = acknowledged.length;
    const until = Date.now() + WRITE_MS;
    const writing = Array.from({ length: WRITERS }, () =>
      writer(port, until + 5_000, acknowledged),
    );
    await new Promise((resolve) => setTimeout(resolve, WRITE_MS));
    process.kill(-tern.pid!, 'SIGKILL');
    await Promise.all(writing);
    console.log(
      `kill ${kill}: SIGKILL mid-write after ${acknowledged.length - before} acknowledged registrations (${missing.length} lost before it)`,
    );
  }
  // The last kill's writes, after one more restart.
  const tern = await startTern(port);
  const found = await present(acknowledged);
  const missing = acknowledged.filter((email) => !found.has(email));
  lost += missing.length;
  // A clean stop this time: the API closes and stops its PostgreSQL server.
  await stopProcess(tern);
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `crash test: ${KILLS} kills, ${acknowledged.length} acknowledged registrations, ${acknowledged.length - lost} present after restarts, ${lost} lost`,
  );
  process.exit(lost === 0 && acknowledged.length > 0 ? 0 : 1);
}

await main();
