import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPostgres } from '../src/db/client.ts';

/**
 * On PostgreSQL: creates a migrated template database for this run; every test file then
 * copies it into a database of its own (fast on a server) and drops it when done. The
 * template and any leftovers are dropped at the end of the run.
 */
export default async function setup(project: TestProject) {
  if (process.env.TERN_TEST_DB !== 'postgres') return;
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TERN_TEST_DB=postgres needs DATABASE_URL (an admin connection)');
  const prefix = `tern_test_${Date.now().toString(36)}_${process.pid}`;
  const template = `${prefix}_tpl`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  const database = openPostgres(templateUrl.toString(), 1);
  await database.migrate();
  await database.close();
  project.provide('pgTemplate', template);
  project.provide('pgPrefix', prefix);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${prefix}%`],
    );
    for (const { datname } of rows)
      await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgPrefix: string;
  }
}
