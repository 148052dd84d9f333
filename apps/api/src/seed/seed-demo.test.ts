import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { accountsContracts } from '@tern/domain';
import { verifyPassword } from '../lib/passwords.ts';
import { users } from '../modules/accounts/tables.ts';
import { keyOf, login, totp } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { queryRows, rowCounts } from '../../test/rows.ts';
import { urlOf } from '../../test/urls.ts';
import { seedDemo } from './seed-demo.ts';
import { testConfig } from '../config.ts';
import { keysFor } from '../lib/encryption-for.ts';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from './demo-world.ts';
import { demoAccounts, formatDemoAccounts } from './demo-accounts.ts';
import { publishedDemoCredentials } from './demo-guard.ts';

const counts = async (db: Parameters<typeof seedDemo>[0]) => {
  const [linked] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from policies where user_id is not null`,
  );
  return {
    ...(await rowCounts(db, [
      'partners',
      'partner_api_keys',
      'partner_secrets',
      'partner_assets',
      'users',
      'user_comms',
      'policies',
    ])),
    linked: linked!.n,
  };
};

describe('demo seed', () => {
  const t = useTestApp();

  it('creates three partners with keys, secrets, seven images each and users of every role', async () => {
    expect(await counts(t.database.db)).toEqual({
      partners: 3,
      partner_api_keys: 3,
      partner_secrets: 3,
      partner_assets: 21,
      users: 11,
      user_comms: 44,
      policies: 18,
      linked: 3,
    });
    const roles = (await t.database.db.select({ roles: users.roles }).from(users)).flatMap(
      (u) => u.roles,
    );
    expect(new Set(roles)).toEqual(new Set(['ADMIN', 'AGENT', 'USER']));
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await counts(t.database.db);
    await seedDemo(t.database.db, keysFor(testConfig()));
    expect(await counts(t.database.db)).toEqual(before);
  });

  it('stores secrets hashed and passwords as argon2id', async () => {
    const rows = await queryRows<{ secret_hash: string }>(
      t.database.db,
      sql`select secret_hash from partner_secrets`,
    );
    for (const row of rows) expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    const [user] = await t.database.db.select().from(users).limit(1);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user!.passwordHash!, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(user!.passwordHash!, 'wrong')).toBe(false);
  });

  it("links one policy to each partner's demo USER, and leaves the listed ones free", async () => {
    const rows = await queryRows<{ email: string; number: string }>(
      t.database.db,
      sql`select u.email_address as email, p.external_policy_number as number
      from policies p join users u on u.id = p.user_id order by number`,
    );
    expect(rows).toEqual([
      { email: 'user@business.example.com', number: 'HBR-1001' },
      { email: 'user@identity.example.com', number: 'NBK-1001' },
      { email: 'user@travel.example.com', number: 'SKY-1001' },
    ]);
    const travel = demoAccounts(3000).partners.find((p) => p.id === 'travel')!;
    expect(travel.policyNumbers).toEqual(['SKY-2001', 'SKY-2002', 'SKY-2003', 'SKY-2004']);
    expect(formatDemoAccounts(3000, 'travel')).toContain('SKY-2001 SKY-2002');
  });

  it('lists every demo account with its address for the console and --json', () => {
    const accounts = demoAccounts(3000);
    expect(accounts.partners.map((p) => p.url)).toEqual([
      'http://travel.localhost:3000',
      'http://business.localhost:3000',
      'http://identity.localhost:3000',
    ]);
    expect(accounts.users).toHaveLength(11);
    expect(accounts.users.filter((u) => u.mfa)).toEqual([
      expect.objectContaining({ email: 'mfa@travel.example.com', roles: ['USER'] }),
    ]);
    expect(accounts.users.filter((u) => u.employee)).toEqual([
      expect.objectContaining({ email: 'employee@travel.example.com', roles: ['USER'] }),
    ]);
  });

  it('has one user with MFA on, whose secret is stored encrypted and whose codes sign in', async () => {
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(sql`${users.emailAddress} = 'mfa@travel.example.com'`);
    expect(user).toMatchObject({ mfaEnabled: true });
    expect(user!.mfaSecret).not.toContain(DEMO_TOTP_SECRET);
    const first = await login(t, user!.emailAddress);
    expect(first.json()).toMatchObject({ status: 'MFA_REQUIRED', userId: user!.id });
    const confirm = await t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.confirmMfa),
      headers: keyOf('travel'),
      payload: { userId: user!.id, code: totp(t, DEMO_TOTP_SECRET), session: first.json().session },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ userId: user!.id, token: expect.any(String) });
  });

  // Last: it takes the demo credentials away.
  it('leaves published credentials production refuses to start with, until each is gone', async () => {
    const found = await publishedDemoCredentials(t.database.db);
    expect(found).toEqual(
      expect.arrayContaining([
        'the demo API key of partner travel',
        'the demo SSO secret identity-demo',
        'the account admin@business.example.com with the demo password',
      ]),
    );
    expect(found.join()).not.toContain(DEMO_PASSWORD);
    await t.database.db.execute(sql`update partner_secrets set revoked_at = now()`);
    await t.database.db.execute(sql`delete from partner_api_keys`);
    await t.database.db.execute(sql`update users set password_hash = null`);
    expect(await publishedDemoCredentials(t.database.db)).toEqual([]);
  });
});
