import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
/**
 * The query builder every repository gets. No relational schema is attached: repositories
 * import the tables of their own area (`modules/<area>/tables.ts`) and write their queries.
 */
export type Db = ReturnType<typeof drizzlePg>;

/** A database handle the app is built from: Drizzle on either engine, plus its lifecycle. */
export interface Database {
  readonly db: Db;
  readonly engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Real PostgreSQL through node-postgres: the production store, safe for several API instances. */
export function openPostgres(
  url: string,
  poolMax = 10,
  onIdleError: (error: Error) => void = () => {},
): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // A server restart or an administrator ends idle connections; the pool drops them and
  // connects anew on next use. Without a listener the event would crash the process.
  pool.on('error', onIdleError);
  const db = drizzlePg(pool);
  return {
    db,
    engine: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

/**
 * Embedded PGlite (WASM PostgreSQL), the default so `npm start` needs no server.
 * `dataDir` undefined keeps everything in memory (tests).
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  // Both drivers expose the same query builder; one type keeps repositories engine-agnostic.
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolMax?: number;
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolMax, options.onIdleError);
  return openPglite(`${options.dataDir}/pglite`);
}
