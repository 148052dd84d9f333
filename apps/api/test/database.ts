import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, type Database } from '../src/db/client.ts';

/**
 * A fresh, migrated database for one test file: a copy of the run's migrated template on the
 * run's server (global-setup.ts), dropped by `release`.
 */
export async function freshDatabase(): Promise<{
  database: Database;
  release: () => Promise<void>;
}> {
  const adminUrl = inject('pgAdminUrl');
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
