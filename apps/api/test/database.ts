import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { queryRows } from './rows.ts';

export const testEngine = process.env.TERN_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

let sharedPglite: Promise<Database> | undefined;

/** Empties every table, so a test file sees a database as fresh as after migration. */
async function truncateAll(database: Database) {
  const rows = await queryRows<{ tablename: string }>(
    database.db,
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  if (rows.length === 0) return;
  const names = rows.map((r) => `"${r.tablename}"`).join(', ');
  await database.db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}

/**
 * A fresh, migrated database for one test file, on the engine of this run.
 * PGlite: one in-memory instance per worker (opening costs seconds), emptied per file.
 * PostgreSQL: a new database copied from the run's migrated template, dropped by `release`.
 */
export async function freshDatabase(): Promise<{
  database: Database;
  release: () => Promise<void>;
}> {
  if (testEngine === 'pglite') {
    sharedPglite ??= openPglite().then(async (db) => {
      await db.migrate();
      return db;
    });
    const database = await sharedPglite;
    await truncateAll(database);
    // The worker keeps its instance for the next file; it ends with the worker.
    return { database, release: async () => {} };
  }

  const adminUrl = process.env.DATABASE_URL!;
  const name = `${inject('pgPrefix')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${inject('pgTemplate')}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 5);
  return {
    database,
    release: async () => {
      await database.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
