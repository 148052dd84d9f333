import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/database.ts';
import { openPostgres, type Database } from './client.ts';
import { assertDurable, durabilityProblems } from './durability.ts';

describe('durability check of production starts', () => {
  let database: Database;
  let release: () => Promise<void>;
  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
  });
  afterAll(() => release());

  it('accepts the test server (fsync and synchronous_commit on)', async () => {
    expect(await durabilityProblems(database.pool)).toEqual([]);
    await expect(assertDurable(database.pool)).resolves.toBeUndefined();
  });

  it('refuses a database whose commits are acknowledged before they are on disk', async () => {
    const url = database.pool.options.connectionString!;
    const name = new URL(url).pathname.slice(1);
    await database.pool.query(`alter database "${name}" set synchronous_commit = off`);
    const lax = openPostgres(url, 1);
    try {
      await expect(assertDurable(lax.pool)).rejects.toThrow(/synchronous_commit is off/);
    } finally {
      await lax.close();
      await database.pool.query(`alter database "${name}" reset synchronous_commit`);
    }
  });
});
