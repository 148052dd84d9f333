import { describe, expect, it } from 'vitest';
import {
  accountsContracts,
  apiErrorSchema,
  contentContracts,
  contentDocumentSchema,
  sessionSchema,
  canDo,
  hasFeature,
  policiesContracts,
  routeName,
  userAccessSchema,
  userDetailsSchema,
  type ContractDef,
} from '@tern/domain';
import { eq } from 'drizzle-orm';
import {
  codeIn,
  enableMfa,
  lastMessageTo,
  login,
  messagesTo,
  signedIn,
  totp,
} from '../../../../test/accounts.ts';
import { DEMO_PASSWORD } from '../../../seed/demo-world.ts';
import { users } from '../tables.ts';
import { demoPartner, useTestApp } from '../../../../test/app.ts';
import { urlOf } from '../../../../test/urls.ts';

describe('the signed-in user', () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '1000' } });

  it(`${routeName(accountsContracts.details)} answers details, preferences and terms, without secrets`, async () => {
    const me = await signedIn(t, 'user@travel.example.com');
    const res = await t.app.inject({
      url: urlOf(accountsContracts.details, { id: me.userId }),
      headers: me.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = userDetailsSchema.parse(res.json());
    expect(body).toMatchObject({
      id: me.userId,
      userId: me.userId,
      partnerId: 'travel',
      emailAddress: 'user@travel.example.com',
      firstName: 'Uma',
      surname: 'User',
      locale: 'en-CA',
      language: 'EN',
      // The demo users have accepted their partner's current terms (seed).
      terms: 'ACCEPTED',
      roles: ['USER'],
      mfaEnabled: false,
    });
    expect(body.comms.map((c) => c.commsId).sort()).toEqual([
      'MARKETING_EMAIL',
      'MARKETING_SMS',
      'TRANSACTIONAL_EMAIL',
      'TRANSACTIONAL_SMS',
    ]);
    expect(res.body).not.toMatch(/argon2|password|mfaSecret|externalId/i);
  });

  it(`${routeName(accountsContracts.access)} answers the role profile and the partner`, async () => {
    const me = await signedIn(t, 'user@travel.example.com');
    const res = await t.app.inject({
      url: urlOf(accountsContracts.access, { id: me.userId }),
      headers: me.headers,
    });
    expect(res.statusCode).toBe(200);
    const access = userAccessSchema.parse(res.json());
    expect(access.roles).toEqual(['USER']);
    expect(access.accessGroup).toEqual({ partnerId: 'travel' });
    expect(hasFeature(access.accessProfile, 'customer-travel-trips')).toBe(true);
    expect(hasFeature(access.accessProfile, 'agent-console')).toBe(false);
    expect(access.agentId).toBeUndefined();

    const agent = await signedIn(t, 'agent@travel.example.com');
    const agentAccess = userAccessSchema.parse(
      (
        await t.app.inject({
          url: urlOf(accountsContracts.access, { id: agent.userId }),
          headers: agent.headers,
        })
      ).json(),
    );
    expect(canDo(agentAccess.accessProfile, 'customer-travel-resolutions', 'AGENT-OPTIONS')).toBe(
      true,
    );
    expect(canDo(agentAccess.accessProfile, 'agent-console', 'ACT_FOR')).toBe(true);
  });

  it(`${routeName(accountsContracts.update)} changes details, locale, mobile number and comms`, async () => {
    const me = await signedIn(t, 'admin@travel.example.com');
    const res = await t.app.inject({
      method: 'PATCH',
      url: urlOf(accountsContracts.update, { id: me.userId }),
      headers: me.headers,
      payload: {
        firstName: ' Adele ',
        locale: 'es-MX',
        mobilePhoneNumber: '+44 7911 123456',
        password: DEMO_PASSWORD,
        commsSms: false,
        comms: [
          { commsId: 'MARKETING_SMS', active: true, preferred: true },
          { commsId: 'TRANSACTIONAL_SMS', active: false, preferred: false },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const body = userDetailsSchema.parse(res.json());
    expect(body).toMatchObject({
      firstName: 'Adele',
      surname: 'Admin',
      locale: 'es-MX',
      language: 'ES',
      mobilePhoneNumber: '+447911123456',
      commsSms: false,
    });
    const byId = Object.fromEntries(body.comms.map((c) => [c.commsId, c]));
    expect(byId.MARKETING_SMS).toMatchObject({ active: true, preferred: true, type: 'marketing' });
    expect(byId.TRANSACTIONAL_SMS).toMatchObject({ active: false });

    // Choosing another preferred marketing channel unsets the first.
    const next = await t.app.inject({
      method: 'PATCH',
      url: urlOf(accountsContracts.update, { id: me.userId }),
      headers: me.headers,
      payload: { comms: [{ commsId: 'MARKETING_EMAIL', active: true, preferred: true }] },
    });
    const comms = Object.fromEntries(
      userDetailsSchema.parse(next.json()).comms.map((c) => [c.commsId, c]),
    );
    expect(comms.MARKETING_EMAIL!.preferred).toBe(true);
    expect(comms.MARKETING_SMS!.preferred).toBe(false);
    expect(comms.TRANSACTIONAL_EMAIL!.preferred).toBe(true);
  });

  it('refuses to turn transactional email off, as the my-details form does, and changes nothing', async () => {
    const me = await signedIn(t, 'user@travel.example.com');
    const res = await t.app.inject({
      method: 'PATCH',
      url: urlOf(accountsContracts.update, { id: me.userId }),
      headers: me.headers,
      payload: {
        comms: [
          { commsId: 'TRANSACTIONAL_EMAIL', active: false, preferred: false },
          { commsId: 'MARKETING_SMS', active: true, preferred: true },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({
      code: 'INVALID_PARAMS',
      field: 'comms',
    });
    const after = await t.app.inject({
      url: urlOf(accountsContracts.details, { id: me.userId }),
      headers: me.headers,
    });
    const comms = userDetailsSchema.parse(after.json()).comms;
    expect(comms.find((c) => c.commsId === 'TRANSACTIONAL_EMAIL')?.active).toBe(true);
    expect(comms.find((c) => c.commsId === 'MARKETING_SMS')?.active).toBe(false);
  });

  it('keeps commsSms and the TRANSACTIONAL_SMS entry in step, whichever a call changes', async () => {
    const me = await signedIn(t, 'agent@travel.example.com');
    const patch = async (payload: object) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: urlOf(accountsContracts.update, { id: me.userId }),
        headers: me.headers,
        payload,
      });
      const body = userDetailsSchema.parse(res.json());
      return {
        commsSms: body.commsSms,
        entry: body.comms.find((c) => c.commsId === 'TRANSACTIONAL_SMS')!.active,
      };
    };
    expect(await patch({ commsSms: false })).toEqual({ commsSms: false, entry: false });
    expect(
      await patch({ comms: [{ commsId: 'TRANSACTIONAL_SMS', active: true, preferred: false }] }),
    ).toEqual({ commsSms: true, entry: true });
    // Both in one call: the entry has the last word.
    expect(
      await patch({
        commsSms: true,
        comms: [{ commsId: 'TRANSACTIONAL_SMS', active: false, preferred: false }],
      }),
    ).toEqual({ commsSms: false, entry: false });
  });

  it('PATCH refuses bad values on their fields', async () => {
    const me = await signedIn(t, 'admin@travel.example.com');
    const res = await t.app.inject({
      method: 'PATCH',
      url: urlOf(accountsContracts.update, { id: me.userId }),
      headers: me.headers,
      payload: {
        locale: 'english',
        mobilePhoneNumber: '12',
        comms: [{ commsId: 'CARRIER_PIGEON', active: true, preferred: false }],
        terms: 'PENDING',
      },
    });
    expect(res.statusCode).toBe(400);
    const fields = apiErrorSchema.parse(res.json()).details!.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['locale', 'mobilePhoneNumber', 'terms']));
    expect(fields).toContain('comms.0.commsId');
    expect(res.json().details).toContainEqual({ field: 'terms', message: 'validation.invalid' });
  });

  it('with marketing off no marketing message leaves; transactional ones always go', async () => {
    const me = await signedIn(t, 'user@travel.example.com');
    const setMarketing = (active: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: urlOf(accountsContracts.update, { id: me.userId }),
        headers: me.headers,
        payload: {
          comms: [
            { commsId: 'MARKETING_EMAIL', active, preferred: active },
            { commsId: 'MARKETING_SMS', active: false, preferred: false },
          ],
        },
      });
    const send = (purpose: 'marketing' | 'transactional', subject: string) =>
      t.app.platform.notifications.send({
        channel: 'email',
        to: 'user@travel.example.com',
        partnerId: 'travel',
        template: 'test',
        subject,
        text: subject,
        locale: 'en-CA',
        purpose,
        userId: me.userId,
      });
    expect((await setMarketing(false)).statusCode).toBe(200);
    await send('marketing', 'Winter offers');
    await send('transactional', 'Your claim moved on');
    const subjects = async () =>
      (await messagesTo(t, 'user@travel.example.com')).map((m) => m.subject);
    expect(await subjects()).toContain('Your claim moved on');
    expect(await subjects()).not.toContain('Winter offers');
    await setMarketing(true);
    await send('marketing', 'Spring offers');
    expect(await subjects()).toContain('Spring offers');
  });

  it('PATCH changes the mobile number only with the password: without it, nothing is saved', async () => {
    const me = await signedIn(t, 'user@business.example.com', undefined, 'business');
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: urlOf(accountsContracts.update, { id: me.userId }),
        headers: me.headers,
        payload,
      });
    const before = (
      await t.app.inject({
        url: urlOf(accountsContracts.details, { id: me.userId }),
        headers: me.headers,
      })
    ).json<{ mobilePhoneNumber: string }>();
    const refused = await patch({ firstName: 'Changed', mobilePhoneNumber: '+447911123457' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_PASSWORD', field: 'password' });
    const after = (
      await t.app.inject({
        url: urlOf(accountsContracts.details, { id: me.userId }),
        headers: me.headers,
      })
    ).json<{ mobilePhoneNumber: string; firstName: string }>();
    expect(after.mobilePhoneNumber).toBe(before.mobilePhoneNumber);
    expect(after.firstName).not.toBe('Changed');
    const changed = await patch({ mobilePhoneNumber: '+447911123457', password: DEMO_PASSWORD });
    expect(changed.json()).toMatchObject({ mobilePhoneNumber: '+447911123457' });
    // The number sent back unchanged needs no password (the details form sends it).
    const same = await patch({ firstName: 'Ulla', mobilePhoneNumber: '+447911123457' });
    expect(same.statusCode, same.body).toBe(200);
  });

  it(`${routeName(accountsContracts.changeEmail)} asks for the password, confirms the new address by a code sent to it, then tells the old one`, async () => {
    const me = await signedIn(t, 'agent@identity.example.com', undefined, 'identity');
    const change = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: urlOf(accountsContracts.changeEmail, { id: me.userId }),
        headers: me.headers,
        payload,
      });
    const confirm = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: urlOf(accountsContracts.confirmEmail, { id: me.userId }),
        headers: me.headers,
        payload: { code },
      });
    // Without the password, or with a wrong one: refused on the password field.
    for (const payload of [
      { emailAddress: 'avery.new@example.com' },
      { emailAddress: 'avery.new@example.com', password: 'Wrong-password1!' },
    ]) {
      const refused = await change(payload);
      expect(refused.statusCode).toBe(400);
      expect(apiErrorSchema.parse(refused.json())).toMatchObject({
        code: 'INVALID_PASSWORD',
        field: 'password',
      });
    }
    const res = await change({ emailAddress: 'Avery.New@Example.com', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'CODE_SENT', emailAddress: 'avery.new@example.com' });
    // Nothing changed yet: the old address still signs in.
    expect((await login(t, 'agent@identity.example.com', undefined, 'identity')).statusCode).toBe(
      200,
    );
    const sent = await lastMessageTo(t, 'avery.new@example.com');
    expect(sent).toMatchObject({ template: 'email-confirm' });
    const code = codeIn(sent!.text)!;
    const wrong = await confirm(code === '000000' ? '111111' : '000000');
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE', field: 'code' });

    const confirmed = await confirm(code);
    expect(confirmed.statusCode).toBe(200);
    const details = userDetailsSchema.parse(confirmed.json());
    expect(details.emailAddress).toBe('avery.new@example.com');
    // The locale: the user's language with the partner's default country (identity: en-US).
    expect(details.locale).toBe('en-US');
    const notice = await lastMessageTo(t, 'agent@identity.example.com');
    expect(notice).toMatchObject({ template: 'email-changed' });
    expect(notice!.text).toContain('avery.new@example.com');
    expect((await login(t, 'avery.new@example.com', undefined, 'identity')).statusCode).toBe(200);
    expect((await login(t, 'agent@identity.example.com', undefined, 'identity')).statusCode).toBe(
      401,
    );
    // The code worked once.
    expect((await confirm(code)).json().code).toBe('EXPIRED_CODE');
  });

  it('changeEmail answers 429 after 5 requests in 15 minutes, before looking any address up', async () => {
    const me = await signedIn(t, 'admin@business.example.com', undefined, 'business');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: urlOf(accountsContracts.changeEmail, { id: me.userId }),
            headers: me.headers,
            payload: { emailAddress: `probe${i}@business.example.com`, password: DEMO_PASSWORD },
          })
        ).statusCode,
      );
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('changeEmail with MFA on asks for the TOTP code instead of the password', async () => {
    const me = await signedIn(t, 'agent@business.example.com', undefined, 'business');
    const secret = await enableMfa(t, me);
    const change = (proof: object) =>
      t.app.inject({
        method: 'POST',
        url: urlOf(accountsContracts.changeEmail, { id: me.userId }),
        headers: me.headers,
        payload: { emailAddress: 'avery.new@business.example', ...proof },
      });
    const withPassword = await change({ password: DEMO_PASSWORD });
    expect(withPassword.json()).toMatchObject({ code: 'INVALID_MFA_CODE', field: 'code' });
    // The code MFA was just turned on with is used: the holder is told to wait for the next.
    const again = await change({ code: totp(t, secret) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'MFA_CODE_USED', field: 'code' });
    const res = await change({ code: totp(t, secret, 30_000) });
    expect(res.statusCode).toBe(202);
  });

  it('changeEmail refuses an address another account of the partner uses (409 on emailAddress)', async () => {
    const me = await signedIn(t, 'user@identity.example.com', undefined, 'identity');
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.changeEmail, { id: me.userId }),
      headers: me.headers,
      payload: { emailAddress: 'ADMIN@identity.example.com', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({
      code: 'EMAIL_ALREADY_USED',
      field: 'emailAddress',
    });
    const invalid = await t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.changeEmail, { id: me.userId }),
      headers: me.headers,
      payload: { emailAddress: 'nope' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().field).toBe('emailAddress');
  });

  it(`answers 404 USER_NOT_FOUND on every ${accountsContracts.details.path} route for another user's id`, async () => {
    const me = await signedIn(t, 'user@business.example.com', undefined, 'business');
    const other = await signedIn(t, 'admin@business.example.com', undefined, 'business');
    const calls: { contract: ContractDef; payload?: object }[] = [
      { contract: accountsContracts.details },
      { contract: accountsContracts.access },
      { contract: policiesContracts.list },
      { contract: accountsContracts.update, payload: { firstName: 'Mallory' } },
      {
        contract: accountsContracts.changeEmail,
        payload: { emailAddress: 'mallory@example.com' },
      },
    ];
    for (const call of calls) {
      const res = await t.app.inject({
        method: call.contract.method,
        url: urlOf(call.contract, { id: other.userId }),
        headers: me.headers,
        ...(call.payload ? { payload: call.payload } : {}),
      });
      expect(res.statusCode, routeName(call.contract)).toBe(404);
      expect(res.json().code).toBe('USER_NOT_FOUND');
    }
    const untouched = await t.app.inject({
      url: urlOf(accountsContracts.details, { id: other.userId }),
      headers: other.headers,
    });
    expect(untouched.json()).toMatchObject({
      firstName: 'Ada',
      emailAddress: 'admin@business.example.com',
    });
  });

  it(`needs a session on every ${accountsContracts.details.path} route`, async () => {
    const me = await signedIn(t, 'user@business.example.com', undefined, 'business');
    for (const contract of [accountsContracts.details, accountsContracts.access]) {
      const res = await t.app.inject({
        url: urlOf(contract, { id: me.userId }),
        headers: { 'api-key': demoPartner('business').apiKey },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('accepting the terms', () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '1000' } });
  const accept = (me: { userId: string; headers: Record<string, string> }, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: urlOf(accountsContracts.update, { id: me.userId }),
      headers: me.headers,
      payload,
    });
  /** The terms the portal shows the user: the version is the one they accept. */
  const currentTerms = async (headers: Record<string, string>) =>
    contentDocumentSchema.parse(
      (
        await t.app.inject({
          url: urlOf(contentContracts.document, { id: 'terms', lang: 'en' }),
          headers,
        })
      ).json(),
    );

  it('records the version read and the time, for the account holder', async () => {
    const me = await signedIn(t, 'user@travel.example.com');
    await t.database.db.update(users).set({ terms: 'PENDING' }).where(eq(users.id, me.userId));
    const terms = await currentTerms(me.headers);

    const missing = await accept(me, { terms: 'ACCEPTED' });
    expect(missing.statusCode).toBe(400);
    expect(apiErrorSchema.parse(missing.json())).toMatchObject({
      code: 'INVALID_PARAMS',
      field: 'termsVersion',
    });
    const stale = await accept(me, { terms: 'ACCEPTED', termsVersion: '2020-01-01' });
    expect(stale.statusCode).toBe(409);
    expect(apiErrorSchema.parse(stale.json())).toMatchObject({
      code: 'TERMS_OUTDATED',
      field: 'termsVersion',
    });

    const res = await accept(me, { terms: 'ACCEPTED', termsVersion: terms.version });
    expect(res.statusCode).toBe(200);
    expect(userDetailsSchema.parse(res.json()).terms).toBe('ACCEPTED');
    const [row] = await t.database.db
      .select({ version: users.termsVersion, at: users.termsAcceptedAt })
      .from(users)
      .where(eq(users.id, me.userId));
    expect(row).toEqual({ version: terms.version, at: t.clock.now() });
  });

  it('cannot be done by an agent acting for the customer (403), nor sent back to PENDING', async () => {
    const agent = await signedIn(t, 'agent@travel.example.com');
    const [row] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.emailAddress, 'user@travel.example.com'));
    const acting = sessionSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: urlOf(accountsContracts.actFor),
          headers: agent.headers,
          payload: { userId: row!.id },
        })
      ).json(),
    );
    const terms = await currentTerms(agent.headers);
    const res = await accept(
      { userId: row!.id, headers: { ...agent.headers, authorization: `Bearer ${acting.token}` } },
      { terms: 'ACCEPTED', termsVersion: terms.version },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_HOLDER_ONLY');
    const me = await signedIn(t, 'user@travel.example.com');
    const back = await accept(me, { terms: 'PENDING', termsVersion: terms.version });
    expect(back.statusCode).toBe(400);
  });
});
