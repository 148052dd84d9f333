import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountsContracts } from '@tern/domain';
import { otcSessions, passwordResets, rateLimits, sessions, users } from './tables.ts';
import { accountsJobs } from './jobs.ts';
import { LONGEST_WINDOW_MS } from './limits.ts';
import { keyOf } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';
import { rowCounts } from '../../../test/rows.ts';
import { urlOf } from '../../../test/urls.ts';

const KNOWN = 'user@travel.example.com';
const UNKNOWN = 'nobody@travel.example.com';

/** What waits in the job queue, oldest first. */
async function queued(t: ReturnType<typeof useTestApp>) {
  const { rows } = await t.database.pool.query<{ name: string; payload: Record<string, unknown> }>(
    `select t.identifier as name, j.payload
       from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id
      order by j.id`,
  );
  return rows;
}

const clearQueue = (t: ReturnType<typeof useTestApp>) =>
  t.database.pool.query('delete from graphile_worker._private_jobs');

describe('sign-in messages leave through jobs (nothing is worked here)', () => {
  // No worker in this app: what a request queues stays in the queue to be looked at.
  const t = useTestApp({ config: { RUN_JOBS: 'false', AUTH_RATE_LIMIT_MAX: '1000' } });

  it('a reset asked for a known or an unknown address does the same: one job, no link yet', async () => {
    for (const emailAddress of [KNOWN, UNKNOWN]) {
      await clearQueue(t);
      const res = await t.app.inject({
        method: 'POST',
        url: urlOf(accountsContracts.forgotPassword),
        headers: keyOf('travel'),
        payload: { emailAddress, partnerId: 'travel' },
      });
      expect(res.statusCode).toBe(202);
      expect(await queued(t)).toEqual([
        {
          name: 'accounts.sendResetLink',
          payload: { partnerId: 'travel', emailAddress },
        },
      ]);
      expect((await rowCounts(t.database.db, ['password_resets'])).password_resets).toBe(0);
    }
  });

  it('a code asked for a known or an unknown identifier does the same, and the code is sealed', async () => {
    for (const identifier of [KNOWN, UNKNOWN]) {
      await clearQueue(t);
      const res = await t.app.inject({
        method: 'POST',
        url: urlOf(accountsContracts.requestCode),
        headers: keyOf('travel'),
        payload: { identifier },
      });
      expect(res.statusCode).toBe(200);
      const jobs = await queued(t);
      expect(jobs.map((job) => job.name)).toEqual(['accounts.sendCode']);
      // Only the sealed message, never the code in the clear.
      expect(Object.keys(jobs[0]!.payload)).toEqual(['sealed']);
      expect(jobs[0]!.payload.sealed).toMatch(/^v1\./);
      expect(JSON.stringify(jobs[0]!.payload)).not.toMatch(/"code"|\b\d{6}\b/);
    }
    expect((await rowCounts(t.database.db, ['otc_sessions'])).otc_sessions).toBe(2);
  });
});

describe('the accounts.cleanup job', () => {
  const t = useTestApp();
  const cleanup = async () => {
    await t.app.platform.jobs.add(accountsJobs.cleanup, {});
    await t.app.platform.jobs.settled();
  };

  it('is scheduled every 15 minutes', () => {
    const job = t.app.platform.jobs.definitions().find((j) => j.name === 'accounts.cleanup');
    expect(job?.schedule).toBe('*/15 * * * *');
  });

  it('deletes what has expired and keeps what still counts', async () => {
    const now = t.clock.now();
    const past = new Date(now.getTime() - 60_000);
    const future = new Date(now.getTime() + 60_000);
    const [user] = await t.database.db.select().from(users).where(eq(users.emailAddress, KNOWN));
    const owner = { userId: user!.id, partnerId: 'travel' };
    await t.database.db.insert(sessions).values([
      { ...owner, tokenHash: 'expired-session', expiresAt: past },
      { ...owner, tokenHash: 'live-session', expiresAt: future },
    ]);
    await t.database.db.insert(otcSessions).values([
      { ...owner, sessionHash: 'old', codeHash: 'x', expiresAt: past },
      { ...owner, sessionHash: 'new', codeHash: 'x', expiresAt: future },
    ]);
    await t.database.db.insert(passwordResets).values([
      { ...owner, tokenHash: 'old-link', expiresAt: past },
      { ...owner, tokenHash: 'new-link', expiresAt: future },
    ]);
    await t.database.db.insert(rateLimits).values([
      {
        bucket: 'login-pair',
        key: 'old',
        windowStart: new Date(now.getTime() - LONGEST_WINDOW_MS - 60_000),
        count: 3,
      },
      { bucket: 'login-pair', key: 'new', windowStart: now, count: 3 },
      // An account's pause that ended, kept so the next one, if earned, lasts longer.
      {
        bucket: 'login-lock',
        key: 'remembered',
        windowStart: new Date(now.getTime() - 30 * 3_600_000),
        count: 1,
      },
    ]);

    await cleanup();

    const left = async <T>(query: Promise<T[]>) => (await query).length;
    expect(
      await left(
        t.database.db.select().from(sessions).where(eq(sessions.tokenHash, 'live-session')),
      ),
    ).toBe(1);
    expect(
      await left(
        t.database.db.select().from(sessions).where(eq(sessions.tokenHash, 'expired-session')),
      ),
    ).toBe(0);
    expect((await t.database.db.select().from(otcSessions)).map((r) => r.sessionHash)).toEqual([
      'new',
    ]);
    expect((await t.database.db.select().from(passwordResets)).map((r) => r.tokenHash)).toEqual([
      'new-link',
    ]);
    expect((await t.database.db.select().from(rateLimits)).map((r) => r.key).sort()).toEqual([
      'new',
      'remembered',
    ]);
  });
});
