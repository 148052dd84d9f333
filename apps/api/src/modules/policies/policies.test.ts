import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  accountsContracts,
  apiErrorSchema,
  policiesContracts,
  policyListSchema,
  policySchema,
  routeName,
} from '@tern/domain';
import { users } from '../accounts/tables.ts';
import { policiesRepo } from './repo.ts';
import { bearer, keyOf, signedIn } from '../../../test/accounts.ts';
import { auditLog } from '../accounts/tables.ts';
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
      product: 'Flight disruption cover',
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

describe(routeName(policiesContracts.attach), () => {
  const t = useTestApp();
  const attach = (me: { userId: string; headers: Record<string, string> }, number: string) =>
    t.app.inject({
      method: 'PUT',
      url: urlOf(policiesContracts.attach, { id: me.userId, policyNumber: number }),
      headers: me.headers,
    });

  it('adds a free, active policy by its number (any case); again answers it unchanged', async () => {
    const me = await signedIn(t, 'user@travel.example.com');
    const res = await attach(me, 'sky-2002');
    expect(res.statusCode).toBe(200);
    expect(policySchema.parse(res.json())).toMatchObject({
      externalPolicyNumber: 'SKY-2002',
      active: 1,
      policyEnd: null,
    });
    expect((await attach(me, 'SKY-2002')).statusCode).toBe(200);
    const list = await t.app.inject({
      url: urlOf(policiesContracts.list, { id: me.userId }),
      headers: me.headers,
    });
    // Both open-ended: the later start first.
    expect(policyListSchema.parse(list.json()).map((p) => p.externalPolicyNumber)).toEqual([
      'SKY-2002',
      'SKY-1001',
    ]);
  });

  it("refuses an unknown, inactive, ended or another account's policy with the spec's codes", async () => {
    const me = await signedIn(t, 'admin@travel.example.com');
    await policiesRepo(t.database.db).addMissing([
      {
        partnerId: 'travel',
        externalPolicyNumber: 'T-ENDED',
        policyStart: '2020-01-01',
        policyEnd: '2020-12-31',
        maxInsured: 1,
      },
    ]);
    const cases: [string, number, string][] = [
      ['NOPE-1', 404, 'POLICY_NOT_FOUND'],
      ['SKY-9001', 400, 'EXPIRED_OR_INACTIVE'],
      ['T-ENDED', 400, 'EXPIRED_OR_INACTIVE'],
      ['SKY-1001', 400, 'POLICY_TOO_MANY_USES'],
    ];
    for (const [number, status, code] of cases) {
      const res = await attach(me, number);
      expect(res.statusCode, number).toBe(status);
      expect(apiErrorSchema.parse(res.json())).toMatchObject({ code, field: 'policyNumber' });
    }
    const long = await attach(me, 'X'.repeat(51));
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('policyNumber');
  });

  it('takes the empty JSON body a browser sends with it', async () => {
    const me = await signedIn(t, 'user@travel.example.com');
    const res = await t.app.inject({
      method: 'PUT',
      url: urlOf(policiesContracts.attach, { id: me.userId, policyNumber: 'SKY-2003' }),
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('lets a user try 10 numbers in 15 minutes, then answers 429', async () => {
    const user = await signedIn(t, 'agent@travel.example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attach(user, `GUESS-${i}`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("answers 404 for another user's id", async () => {
    const me = await signedIn(t, 'agent@travel.example.com');
    const other = await signedIn(t, 'user@travel.example.com');
    const res = await attach({ userId: other.userId, headers: me.headers }, 'SKY-2003');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('USER_NOT_FOUND');
  });
});

describe('the partner-level policy calls', () => {
  const t = useTestApp();
  const server = {
    ...keyOf('business'),
    authorization: `Bearer ${demoPartner('business').serverSecret}`,
  };
  const terms = {
    externalPolicyNumber: 'HBR-NEW-1',
    product: 'Business interruption cover',
    policyStart: '2026-11-01',
    policyEnd: null,
    maxInsured: 3,
  };
  const call = (
    contract: (typeof policiesContracts)['save' | 'update' | 'cancel'],
    headers: Record<string, string>,
    params: Record<string, string>,
    payload?: object,
  ) =>
    t.app.inject({
      method: contract.method,
      url: urlOf(contract, params),
      headers,
      ...(payload ? { payload } : {}),
    });

  it("the partner's back end creates, replaces, changes and cancels a policy with its server secret", async () => {
    const created = await call(policiesContracts.save, server, { partnerId: 'business' }, terms);
    expect(created.statusCode, created.body).toBe(200);
    expect(policySchema.parse(created.json())).toEqual({ ...terms, active: 1 });
    const replaced = await call(
      policiesContracts.save,
      server,
      { partnerId: 'business' },
      { ...terms, externalPolicyNumber: 'hbr-new-1', maxInsured: 5 },
    );
    expect(replaced.json()).toMatchObject({ externalPolicyNumber: 'HBR-NEW-1', maxInsured: 5 });
    const params = { partnerId: 'business', policyNumber: 'HBR-NEW-1' };
    const updated = await call(policiesContracts.update, server, params, {
      policyEnd: '2027-10-31',
    });
    expect(updated.json()).toMatchObject({ policyStart: '2026-11-01', policyEnd: '2027-10-31' });
    // The dates may not cross, against the stored start too.
    const crossed = await call(policiesContracts.update, server, params, {
      policyEnd: '2026-10-01',
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toMatchObject({ field: 'policyEnd' });

    // A customer adds it, then the partner cancels it: it leaves their list.
    const customer = await signedIn(t, 'user@business.example.com', undefined, 'business');
    const added = await t.app.inject({
      method: 'PUT',
      url: urlOf(policiesContracts.attach, { id: customer.userId, policyNumber: 'HBR-NEW-1' }),
      headers: customer.headers,
    });
    expect(added.statusCode).toBe(200);
    const cancelled = await call(policiesContracts.cancel, server, params);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ externalPolicyNumber: 'HBR-NEW-1', active: 0 });
    const list = await t.app.inject({
      url: urlOf(policiesContracts.list, { id: customer.userId }),
      headers: customer.headers,
    });
    expect(
      list.json().map((p: { externalPolicyNumber: string }) => p.externalPolicyNumber),
    ).not.toContain('HBR-NEW-1');
    const unknown = await call(policiesContracts.cancel, server, {
      ...params,
      policyNumber: 'NOPE',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('POLICY_NOT_FOUND');
  });

  it("refuses a customer's own session (403), another partner (404), a wrong secret (401) and bad terms (400)", async () => {
    const customer = await signedIn(t, 'user@business.example.com', undefined, 'business');
    const own = await call(
      policiesContracts.save,
      customer.headers,
      { partnerId: 'business' },
      terms,
    );
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('PARTNER_ONLY');
    const other = await call(policiesContracts.save, server, { partnerId: 'travel' }, terms);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('PARTNER_NOT_FOUND');
    const wrong = await call(
      policiesContracts.save,
      { ...keyOf('business'), authorization: 'Bearer not-a-secret' },
      { partnerId: 'business' },
      terms,
    );
    expect(wrong.statusCode).toBe(401);
    // Another partner's secret with this partner's api-key is no secret of this partner.
    const foreign = await call(
      policiesContracts.save,
      { ...keyOf('business'), authorization: `Bearer ${demoPartner('travel').serverSecret}` },
      { partnerId: 'business' },
      terms,
    );
    expect(foreign.statusCode).toBe(401);
    const bad = await call(
      policiesContracts.save,
      server,
      { partnerId: 'business' },
      {
        ...terms,
        product: '',
        policyStart: '2026-02-30',
        policyEnd: '2026-01-01',
        maxInsured: 0,
      },
    );
    expect(bad.statusCode).toBe(400);
    const fields = apiErrorSchema.parse(bad.json()).details!.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['product', 'policyStart', 'maxInsured']));
    const backwards = await call(
      policiesContracts.save,
      server,
      { partnerId: 'business' },
      {
        ...terms,
        policyEnd: '2026-10-01',
      },
    );
    expect(backwards.json().details).toContainEqual({
      field: 'policyEnd',
      message: 'validation.end_before_start',
    });
  });

  it('staff may, in their own session or acting for a customer; each write is audited with its fields', async () => {
    const agent = await signedIn(t, 'agent@business.example.com', undefined, 'business');
    const own = await call(
      policiesContracts.save,
      agent.headers,
      { partnerId: 'business' },
      {
        ...terms,
        externalPolicyNumber: 'HBR-STAFF-1',
      },
    );
    expect(own.statusCode, own.body).toBe(200);
    const customer = await signedIn(t, 'user@business.example.com', undefined, 'business');
    const acting = await t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.actFor),
      headers: agent.headers,
      payload: { userId: customer.userId },
    });
    const actingHeaders = bearer(acting.json().token, 'business');
    const cancelled = await call(policiesContracts.cancel, actingHeaders, {
      partnerId: 'business',
      policyNumber: 'HBR-STAFF-1',
    });
    expect(cancelled.statusCode).toBe(200);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.agentId, agent.userId));
    expect(entries.map((e) => [e.action, e.userId === customer.userId, e.fields])).toEqual(
      expect.arrayContaining([
        [
          routeName(policiesContracts.save),
          false,
          expect.arrayContaining(['externalPolicyNumber', 'product']),
        ],
        [routeName(policiesContracts.cancel), true, []],
      ]),
    );
  });
});
