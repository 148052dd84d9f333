import { accountsContracts, policiesContracts } from '@tern/domain';
import { describe, expect, it } from 'vitest';
import { SIGNALS_CONNECTION } from '../../../live/signals.ts';
import { useTestApp } from '../../../../test/app.ts';
import { statementsDuring } from '../../../../test/queries.ts';
import { signIn } from '../../../../test/sign-in.ts';
import { urlOf } from '../../../../test/urls.ts';

/** The per-process session cache: one database read per session check, not per request. */
describe('session cache', () => {
  const t = useTestApp();

  /** The SQL texts the app sends while `run` runs. */
  const queriesDuring = async (run: () => Promise<unknown>) =>
    (await statementsDuring(t, run)).map((statement) => statement.text);

  const readDetails = (session: { userId: string; headers: Record<string, string> }) =>
    t.app.inject({
      url: urlOf(accountsContracts.details, { id: session.userId }),
      headers: session.headers,
    });

  it('checks a session against the database once, then answers from the cache', async () => {
    const session = await signIn(t, 'travel');
    const first = await queriesDuring(() => readDetails(session));
    expect(first.some((text) => text.includes('"sessions"'))).toBe(true);
    const second = await queriesDuring(() => readDetails(session));
    expect(second.some((text) => text.includes('"sessions"'))).toBe(false);
    expect((await readDetails(session)).statusCode).toBe(200);
  });

  it.each([
    ['details', accountsContracts.details],
    ['access', accountsContracts.access],
    ['policies', policiesContracts.list],
  ])('answers a signed-in read of %s in one round trip to the database', async (_, contract) => {
    const session = await signIn(t, 'travel');
    const url = urlOf(contract, { id: session.userId });
    await t.app.inject({ url, headers: session.headers });
    let statusCode = 0;
    const queries = await queriesDuring(async () => {
      ({ statusCode } = await t.app.inject({ url, headers: session.headers }));
    });
    expect(statusCode).toBe(200);
    expect(queries).toHaveLength(1);
  });

  it('stops trusting the cache when it may have missed an ended session', async () => {
    const session = await signIn(t, 'travel');
    expect((await readDetails(session)).statusCode).toBe(200);
    // Ended behind the API's back (no announcement), then the signals connection drops: the
    // cache cannot know what it missed, so it reads every session again.
    await t.database.pool.query('update sessions set revoked_at = now() where user_id = $1', [
      session.userId,
    ]);
    await t.database.pool.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
      [SIGNALS_CONNECTION],
    );
    await expect.poll(async () => (await readDetails(session)).statusCode).toBe(401);
  });
});
