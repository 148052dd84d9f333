import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  accountsContracts,
  customerListSchema,
  routeName,
  sessionSchema,
  userAccessSchema,
} from '@tern/domain';
import { auditLog, users } from '../tables.ts';
import {
  bearer,
  codeIn,
  keyOf,
  lastMessageTo,
  messagesTo,
  signedIn,
} from '../../../../test/accounts.ts';
import { useTestApp } from '../../../../test/app.ts';
import { DEMO_PASSWORD } from '../../../seed/demo-world.ts';
import { urlOf } from '../../../../test/urls.ts';

describe('agents acting for customers', () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '1000' } });
  const userId = async (email: string, partnerId = 'travel') => {
    const [row] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.partnerId, partnerId), eq(users.emailAddress, email)));
    return row!.id;
  };
  const search = (headers: Record<string, string>, query: string) =>
    t.app.inject({
      url: urlOf(accountsContracts.searchCustomers, {}, { query }),
      headers,
    });
  const actFor = (headers: Record<string, string>, customerId: string) =>
    t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.actFor),
      headers,
      payload: { userId: customerId },
    });

  it("finds the partner's customers by email or name, case-insensitively, and no staff", async () => {
    const agent = await signedIn(t, 'agent@travel.example.com');
    for (const query of ['USER@TRAVEL', 'uma', 'Uma User']) {
      const res = await search(agent.headers, query);
      expect(res.statusCode, query).toBe(200);
      const found = customerListSchema.parse(res.json());
      expect(
        found.map((c) => c.emailAddress),
        query,
      ).toEqual(['user@travel.example.com']);
    }
    // Every customer of the partner, the staff left out.
    const all = customerListSchema.parse((await search(agent.headers, 'example')).json());
    expect(all.map((c) => c.emailAddress).sort()).toEqual([
      'employee@travel.example.com',
      'mfa@travel.example.com',
      'user@travel.example.com',
    ]);
    expect(customerListSchema.parse((await search(agent.headers, 'nobody')).json())).toEqual([]);
    // A LIKE wildcard in the query is taken literally.
    expect((await search(agent.headers, '%%')).json()).toEqual([]);
  });

  it("never lists another partner's customers", async () => {
    const agent = await signedIn(t, 'agent@travel.example.com');
    const found = customerListSchema.parse((await search(agent.headers, 'business')).json());
    expect(found).toEqual([]);
  });

  it('answers at most 20 customers', async () => {
    await t.database.db.insert(users).values(
      Array.from({ length: 25 }, (_, i) => ({
        partnerId: 'travel',
        emailAddress: `crowd${i}@example.com`,
        firstName: 'Crowd',
        surname: `Member ${i}`,
      })),
    );
    const agent = await signedIn(t, 'admin@travel.example.com');
    expect(customerListSchema.parse((await search(agent.headers, 'crowd')).json())).toHaveLength(
      20,
    );
  });

  it('refuses customers and searches too short', async () => {
    const customer = await signedIn(t, 'user@travel.example.com');
    const res = await search(customer.headers, 'uma');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('REQUIRES_ELEVATED_ROLE');
    const agent = await signedIn(t, 'agent@travel.example.com');
    expect((await search(agent.headers, 'u')).statusCode).toBe(400);
  });

  it('acts for a customer: a session of the customer carrying the agent id', async () => {
    const agent = await signedIn(t, 'agent@travel.example.com');
    const customerId = await userId('user@travel.example.com');
    const res = await actFor(agent.headers, customerId);
    expect(res.statusCode).toBe(201);
    const acting = sessionSchema.parse(res.json());
    expect(acting).toMatchObject({ userId: customerId, agentId: agent.userId });

    const headers = bearer(acting.token);
    const details = await t.app.inject({
      url: urlOf(accountsContracts.details, { id: customerId }),
      headers,
    });
    expect(details.json().emailAddress).toBe('user@travel.example.com');
    // The portal reads the agent's access through the acting session (spec 1 §6).
    const access = await t.app.inject({
      url: urlOf(accountsContracts.access, { id: agent.userId }),
      headers,
    });
    expect(userAccessSchema.parse(access.json())).toMatchObject({
      roles: ['AGENT'],
      agentId: agent.userId,
    });
    const customerAccess = await t.app.inject({
      url: urlOf(accountsContracts.access, { id: customerId }),
      headers,
    });
    expect(customerAccess.json()).toMatchObject({ roles: ['USER'], agentId: agent.userId });
    // …but not the agent's details.
    expect(
      (await t.app.inject({ url: urlOf(accountsContracts.details, { id: agent.userId }), headers }))
        .statusCode,
    ).toBe(404);
  });

  it('audits the act-for and every write of the acting session, not its reads', async () => {
    const agent = await signedIn(t, 'admin@travel.example.com');
    const customerId = await userId('user@travel.example.com');
    const acting = sessionSchema.parse((await actFor(agent.headers, customerId)).json());
    const headers = bearer(acting.token);
    await t.app.inject({ url: urlOf(accountsContracts.details, { id: customerId }), headers });
    const write = await t.app.inject({
      method: 'PATCH',
      url: urlOf(accountsContracts.update, { id: customerId }),
      headers,
      payload: { surname: 'Userson' },
    });
    expect(write.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'PATCH',
      url: urlOf(accountsContracts.update, { id: customerId }),
      headers,
      payload: { locale: 'bad' },
    });
    expect(refused.statusCode).toBe(400);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.agentId, agent.userId));
    const rows = entries.map((e) => [e.action, e.statusCode, e.userId, e.partnerId, e.fields]);
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        [routeName(accountsContracts.actFor), 201, customerId, 'travel', []],
        [routeName(accountsContracts.update), 200, customerId, 'travel', ['surname']],
        [routeName(accountsContracts.update), 400, customerId, 'travel', ['locale']],
      ]),
    );
    // The names of the fields, never their values.
    expect(JSON.stringify(entries)).not.toContain('Userson');
  });

  it("does not audit a customer's own writes", async () => {
    const customer = await signedIn(t, 'user@identity.example.com', undefined, 'identity');
    await t.app.inject({
      method: 'PATCH',
      url: urlOf(accountsContracts.update, { id: customer.userId }),
      headers: customer.headers,
      payload: { surname: 'Self' },
    });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.userId, customer.userId));
    expect(entries).toEqual([]);
  });

  it("cannot act for another partner's customer, for staff, or for nobody (404)", async () => {
    const agent = await signedIn(t, 'agent@travel.example.com');
    for (const target of [
      await userId('user@business.example.com', 'business'),
      await userId('admin@travel.example.com'),
      '11111111-1111-4111-8111-111111111111',
    ]) {
      const res = await actFor(agent.headers, target);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('USER_NOT_FOUND');
    }
  });

  it('a customer, or an acting session, cannot act for anyone', async () => {
    const customer = await signedIn(t, 'user@travel.example.com');
    const target = await userId('user@travel.example.com');
    expect((await actFor(customer.headers, target)).json().code).toBe('REQUIRES_ELEVATED_ROLE');
    const agent = await signedIn(t, 'agent@travel.example.com');
    const acting = sessionSchema.parse((await actFor(agent.headers, target)).json());
    const res = await actFor(bearer(acting.token), target);
    expect(res.statusCode).toBe(401);
    expect((await search(bearer(acting.token), 'uma')).statusCode).toBe(401);
  });

  it('an acting session cannot change the mobile number the customer signs in with (403)', async () => {
    const holder = await signedIn(t, 'user@identity.example.com', undefined, 'identity');
    const mobile = '+14165550188';
    const patch = (headers: Record<string, string>, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: urlOf(accountsContracts.update, { id: holder.userId }),
        headers,
        payload,
      });
    expect(
      (await patch(holder.headers, { mobilePhoneNumber: mobile, password: DEMO_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const agent = await signedIn(t, 'agent@identity.example.com', undefined, 'identity');
    const acting = sessionSchema.parse((await actFor(agent.headers, holder.userId)).json());
    const headers = bearer(acting.token, 'identity');

    const res = await patch(headers, { mobilePhoneNumber: '+14165559999' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_HOLDER_ONLY', field: 'mobilePhoneNumber' });
    // The details form may send the number back as it is, with other changes.
    const same = await patch(headers, { mobilePhoneNumber: mobile, firstName: 'Ida' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().mobilePhoneNumber).toBe(mobile);
  });

  it("tells the account's email when its holder changes the mobile number", async () => {
    const customer = await signedIn(t, 'user@business.example.com', undefined, 'business');
    const res = await t.app.inject({
      method: 'PATCH',
      url: urlOf(accountsContracts.update, { id: customer.userId }),
      headers: customer.headers,
      payload: { mobilePhoneNumber: '+14165550777', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const message = await lastMessageTo(t, 'user@business.example.com');
    expect(message).toMatchObject({ channel: 'email', template: 'mobile-changed' });
    expect(message!.text).toContain('ending in 777');
    expect(message!.text).not.toContain('4165550777');
  });

  it('makes a changed mobile number a sign-in destination only once a code texted to it is confirmed', async () => {
    const holder = await signedIn(t, 'admin@business.example.com', undefined, 'business');
    const number = '+14165550666';
    const call = (url: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: holder.headers,
        ...(payload ? { payload } : {}),
      });
    const changed = await t.app.inject({
      method: 'PATCH',
      url: urlOf(accountsContracts.update, { id: holder.userId }),
      headers: holder.headers,
      payload: { mobilePhoneNumber: number, password: DEMO_PASSWORD },
    });
    expect(changed.json()).toMatchObject({ mobilePhoneNumber: number, mobileConfirmed: false });
    const texted = await lastMessageTo(t, number);
    expect(texted).toMatchObject({ channel: 'sms', template: 'mobile-confirm' });

    // Until confirmed, a one-time code asked for with the number goes nowhere.
    await t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.requestCode),
      headers: keyOf('business'),
      payload: { identifier: number },
    });
    expect((await messagesTo(t, number)).map((m) => m.template)).toEqual(['mobile-confirm']);

    const confirmUrl = urlOf(accountsContracts.confirmMobile, { id: holder.userId });
    const wrong = await call(confirmUrl, {
      code: codeIn(texted!.text) === '000000' ? '111111' : '000000',
    });
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE' });
    const confirmed = await call(confirmUrl, { code: codeIn(texted!.text) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ mobilePhoneNumber: number, mobileConfirmed: true });

    await t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.requestCode),
      headers: keyOf('business'),
      payload: { identifier: number },
    });
    expect((await lastMessageTo(t, number))?.template).toBe('otc');
    // A confirmed number needs no code.
    const again = await call(urlOf(accountsContracts.sendMobileCode, { id: holder.userId }));
    expect(again.statusCode).toBe(400);
  });

  it('saves a mobile number changed back and forth even once its codes are used up', async () => {
    const holder = await signedIn(t, 'admin@identity.example.com', undefined, 'identity');
    const patch = (mobilePhoneNumber: string) =>
      t.app.inject({
        method: 'PATCH',
        url: urlOf(accountsContracts.update, { id: holder.userId }),
        headers: holder.headers,
        payload: { mobilePhoneNumber, password: DEMO_PASSWORD },
      });
    const [a, b] = ['+14165550301', '+14165550302'];
    // b gets a code at its 1st, 2nd and 3rd change; the 4th finds its codes used up.
    for (const number of [b, a, b, a, b, a]) expect((await patch(number)).statusCode).toBe(200);
    const fourth = await patch(b);
    expect(fourth.statusCode, fourth.body).toBe(200);
    expect(fourth.json()).toMatchObject({ mobilePhoneNumber: b, mobileConfirmed: false });
    expect((await messagesTo(t, b)).filter((m) => m.template === 'mobile-confirm')).toHaveLength(3);
  });

  it('lets no acting session send or confirm a mobile code (403)', async () => {
    const agent = await signedIn(t, 'agent@travel.example.com');
    const customerId = await userId('user@travel.example.com');
    const acting = sessionSchema.parse((await actFor(agent.headers, customerId)).json());
    for (const [url, payload] of [
      [urlOf(accountsContracts.sendMobileCode, { id: customerId }), undefined],
      [urlOf(accountsContracts.confirmMobile, { id: customerId }), { code: '123456' }],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(acting.token),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('ACCOUNT_HOLDER_ONLY');
    }
  });

  it("an acting session cannot change the customer's MFA or sign-in email (403), and stays open", async () => {
    const agent = await signedIn(t, 'agent@travel.example.com');
    const customerId = await userId('user@travel.example.com');
    const acting = sessionSchema.parse((await actFor(agent.headers, customerId)).json());
    const calls = [
      { url: urlOf(accountsContracts.mfaToken), payload: { label: 'agent phone' } },
      { url: urlOf(accountsContracts.setMfa), payload: { enabled: false, code: '123456' } },
      {
        url: urlOf(accountsContracts.changeEmail, { id: customerId }),
        payload: { emailAddress: 'agent-controlled@example.com' },
      },
    ];
    for (const call of calls) {
      const res = await t.app.inject({
        method: 'POST',
        url: call.url,
        headers: bearer(acting.token),
        payload: call.payload,
      });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json().code).toBe('ACCOUNT_HOLDER_ONLY');
    }
    const details = await t.app.inject({
      url: urlOf(accountsContracts.details, { id: customerId }),
      headers: bearer(acting.token),
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().emailAddress).toBe('user@travel.example.com');
  });

  it("logging out the acting session ends it and leaves the agent's own session", async () => {
    const agent = await signedIn(t, 'agent@travel.example.com');
    const customerId = await userId('user@travel.example.com');
    const acting = sessionSchema.parse((await actFor(agent.headers, customerId)).json());
    const out = await t.app.inject({
      url: urlOf(accountsContracts.logout),
      headers: bearer(acting.token),
    });
    expect(out.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          url: urlOf(accountsContracts.details, { id: customerId }),
          headers: bearer(acting.token),
        })
      ).statusCode,
    ).toBe(401);
    expect((await search(agent.headers, 'uma')).statusCode).toBe(200);
  });
});
