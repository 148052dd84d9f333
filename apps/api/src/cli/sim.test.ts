import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { claimsJobs } from '../modules/claims/jobs.ts';
import { recordedTriggers } from '../providers/parametric-triggers/simulator/index.ts';
import { freshDatabase } from '../../test/database.ts';

const cli = fileURLToPath(new URL('./sim.ts', import.meta.url));

// Each call starts the command in a process of its own, as the operator does: seconds each.
describe('npm run sim -- parametric', { timeout: 90_000 }, () => {
  let database: Database;
  let release: () => Promise<void>;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
    env = {
      ...process.env,
      DATABASE_URL: database.pool.options.connectionString,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tern-sim-')),
      SIM_CLOCK: 'false',
    };
  });
  afterAll(() => release());

  /** The command as the operator types it: its output, or its error and exit code. */
  const sim = async (...args: string[]) => {
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', cli, ...args],
        { env },
      );
      return { code: 0, stdout, stderr: '' };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };
  const itemId = '7d3c9a52-3b8e-4f0e-9a55-1f0f5e2f8a10';
  const queuedReads = async () => {
    const { rows } = await database.pool.query<{ n: string }>(
      `select count(*) as n from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = $1`,
      [claimsJobs['read-triggers'].name],
    );
    return Number(rows[0]!.n);
  };

  it('records a flood at an item and asks the API to read the feed at once', async () => {
    const done = await sim('parametric', 'trigger', itemId, '--type', 'flood', '--value', '45cm');
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(
      new RegExp(`flood of 45 cm at ${itemId}, .*Environment Agency river level gauge.*now`),
    );
    const events = await recordedTriggers(database.db, itemId);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'flood',
        measuredValue: 45,
        source: 'Environment Agency river level gauge',
      }),
    ]);
    expect(Math.abs(Date.parse(events[0]!.at) - Date.now())).toBeLessThan(60_000);
    expect(await queuedReads()).toBe(1);
  });

  it('records an outage at a later time, from the source named, given when the clock gets there', async () => {
    const done = await sim(
      'parametric',
      'trigger',
      itemId,
      '--type',
      'outage',
      '--value',
      '5h',
      '--at',
      '2099-01-05T08:00:00Z',
      '--source',
      'Northern Powergrid incident 4471',
    );
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('outage of 300 min');
    expect(done.stdout).toContain('when the clock reaches 2099-01-05T08:00:00.000Z');

    const shown = await sim('parametric', 'show', itemId);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('flood 45 cm from Environment Agency river level gauge');
    expect(shown.stdout).toContain(
      '2099-01-05T08:00:00.000Z  outage 300 min from Northern Powergrid incident 4471 (not given yet)',
    );
  });

  it('refuses a value in another unit than the type’s, and records nothing', async () => {
    const done = await sim('parametric', 'trigger', itemId, '--type', 'flood', '--value', '5h');
    expect(done.code).toBe(1);
    expect(done.stderr).toMatch(/flood is measured in centimetres.*not 5h/);
    expect(await recordedTriggers(database.db, itemId)).toHaveLength(2);
  });
});
