import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPostgres } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

/**
 * The API tests' PostgreSQL: `DATABASE_URL`'s server when set (an admin connection), else an
 * embedded server started for this run in a temporary folder, as `npm start` does. A migrated
 * template database is made once; every test file copies it into a database of its own (fast
 * on a server) and drops it when done. The template, any leftovers and an embedded server go
 * at the end of the run (ADR 0006).
 */
export default async function setup(project: TestProject) {
  const temporary = process.env.DATABASE_URL
    ? undefined
    : mkdtempSync(join(tmpdir(), 'tern-test-'));
  const embedded = temporary
    ? await startEmbeddedPostgres({ dataDir: temporary, database: 'postgres' })
    : undefined;
  const adminUrl = process.env.DATABASE_URL ?? embedded!.urlFor('postgres');

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
  project.provide('pgAdminUrl', adminUrl);
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
    await embedded?.stop();
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    pgPrefix: string;
  }
}
