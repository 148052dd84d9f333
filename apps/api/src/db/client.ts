import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Logger, runMigrations } from 'graphile-worker';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded.ts';

/**
 * The query builder every repository gets. No relational schema is attached: repositories
 * import the tables of their own area (`modules/<area>/tables.ts`) and write their queries.
 */
export type Db = ReturnType<typeof drizzlePg>;
/** A transaction's handle, as `db.transaction` gives it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A database handle the app is built from: Drizzle over a PostgreSQL pool, and its lifecycle. */
export interface Database {
  readonly db: Db;
  /** The pool under `db`, for what speaks to node-postgres itself (the job queue). */
  readonly pool: pg.Pool;
  /** `embedded`: the server Tern started under DATA_DIR; `server`: DATABASE_URL's. */
  readonly engine: 'embedded' | 'server';
  /** Tern's migrations, then the job queue's own schema (`graphile_worker`). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The job queue's migrations say nothing worth a log line. */
const silentLogger = new Logger(() => () => {});

/** The database Tern uses on its embedded server. */
export const EMBEDDED_DATABASE = 'tern';

/** A pool on a PostgreSQL server: safe for several API instances. */
export function openPostgres(
  url: string,
  poolMax = 10,
  onIdleError: (error: Error) => void = () => {},
  engine: Database['engine'] = 'server',
): Database {
  // A request waits at most this long for a connection, then answers 503 rather than hang.
  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: 5_000 });
  // A server restart or an administrator ends idle connections; the pool drops them and
  // connects anew on next use. Without a listener the event would crash the process.
  pool.on('error', onIdleError);
  // A connection lost while checked out fails its query, and also emits `error` on the client:
  // unheard, that would end the process.
  pool.on('connect', (client) => client.on('error', onIdleError));
  const db = drizzlePg(pool);
  return {
    db,
    pool,
    engine,
    migrate: async () => {
      await migratePg(db, { migrationsFolder });
      await runMigrations({ pgPool: pool, logger: silentLogger });
    },
    close: () => pool.end(),
  };
}

/**
 * The configured database: `DATABASE_URL`'s server, or else the embedded server under
 * `dataDir` (started here, stopped by `close`).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolMax?: number;
  onIdleError?: (error: Error) => void;
  log?: (message: string) => void;
}): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolMax, options.onIdleError);
  const server = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    database: EMBEDDED_DATABASE,
    ...(options.log ? { log: options.log } : {}),
  });
  const database = openPostgres(
    server.urlFor(EMBEDDED_DATABASE),
    options.poolMax,
    options.onIdleError,
    'embedded',
  );
  return {
    ...database,
    close: async () => {
      await database.close();
      await server.stop();
    },
  };
}
