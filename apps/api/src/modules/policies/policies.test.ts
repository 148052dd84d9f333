import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { policiesContracts, policyListSchema, routeName } from '@tern/domain';
import { users } from '../accounts/tables.ts';
import { policiesRepo } from './repo.ts';
import { signedIn } from '../../../test/accounts.ts';
import { demoPartner, useTestApp } from '../../../test/app.ts';
import { urlOf } from '../../../test/urls.ts';

describe(routeName(policiesContracts.list), () => {
  const t = useTestApp();

  it('answers active policies only: open-ended first, then latest end date first', async () => {
    const me = await signedIn(t, 'user@travel.example.com');
    const base = { partnerId: 'travel', userId: me.userId, maxInsured: 2 };
    await policiesRepo(t.database.db).addMissing([
      {
        ...base,
        externalPolicyNumber: 'T-END-2026',
        policyStart: '2026-01-01',
        policyEnd: '2026-06-30',
      },
      {
        ...base,
        externalPolicyNumber: 'T-END-2027',
        policyStart: '2026-01-01',
        policyEnd: '2027-01-31',
      },
      { ...base, externalPolicyNumber: 'T-OPEN', policyStart: '2025-01-01', policyEnd: null },
      {
        ...base,
        externalPolicyNumber: 'T-OFF',
        policyStart: '2026-01-01',
        policyEnd: null,
        active: 0,
      },
    ]);
    const res = await t.app.inject({
      url: urlOf(policiesContracts.list, { id: me.userId }),
      headers: me.headers,
    });
    expect(res.statusCode).toBe(200);
    const list = policyListSchema.parse(res.json());
    expect(list.map((p) => p.externalPolicyNumber)).toEqual([
      'SKY-1001',
      'T-OPEN',
      'T-END-2027',
      'T-END-2026',
    ]);
    // The demo policy started 320 days before the seed day (the test clock's day).
    const started = new Date(t.clock.now().getTime() - 320 * 86_400_000);
    expect(list[0]).toEqual({
      externalPolicyNumber: 'SKY-1001',
      active: 1,
      policyStart: started.toISOString().slice(0, 10),
      policyEnd: null,
      maxInsured: 4,
    });
    expect(res.body).not.toMatch(/userId|partnerId/);
  });

  it('answers an empty list for a user without policies, though another user of the partner has some', async () => {
    const me = await signedIn(t, 'agent@travel.example.com');
    const res = await t.app.inject({
      url: urlOf(policiesContracts.list, { id: me.userId }),
      headers: me.headers,
    });
    expect(res.json()).toEqual([]);
  });

  it("answers 404 for another user's id and 401 without a session", async () => {
    const me = await signedIn(t, 'agent@travel.example.com');
    const [other] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.emailAddress, 'user@travel.example.com'));
    const res = await t.app.inject({
      url: urlOf(policiesContracts.list, { id: other!.id }),
      headers: me.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('USER_NOT_FOUND');
    const anonymous = await t.app.inject({
      url: urlOf(policiesContracts.list, { id: other!.id }),
      headers: { 'api-key': demoPartner('travel').apiKey },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
