import { describe, expect, it } from 'vitest';
import {
  accountsContracts,
  apiErrorSchema,
  mfaTokenResponseSchema,
  type ContractDef,
} from '@tern/domain';
import { passwordResets } from '../tables.ts';
import {
  keyOf,
  lastMessageTo,
  login,
  messagesTo,
  signedIn,
  totp,
} from '../../../../test/accounts.ts';
import { useTestApp } from '../../../../test/app.ts';
import { urlOf } from '../../../../test/urls.ts';

const NEW_PASSWORD = 'Brand-new-2026!';

describe('forgotten password', () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '1000' } });
  const forgot = (emailAddress: string, partnerId = 'travel', host = 'localhost:3000') =>
    t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.forgotPassword),
      headers: { ...keyOf(partnerId), host },
      payload: { emailAddress, partnerId },
    });
  const reset = (token: string, password = NEW_PASSWORD, partnerId = 'travel') =>
    t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.resetPassword),
      headers: keyOf(partnerId),
      payload: { token, password, partnerId },
    });
  const check = (token: string, partnerId = 'travel') =>
    t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.checkResetLink),
      headers: keyOf(partnerId),
      payload: { token, partnerId },
    });
  const tokenFor = async (email: string, partnerId = 'travel') => {
    expect((await forgot(email, partnerId)).statusCode).toBe(202);
    const message = await lastMessageTo(t, email);
    const link = message!.text.match(/https?:\/\/\S+/)![0];
    return { link, token: new URL(link).searchParams.get('token')! };
  };

  it("emails a link to the partner's configured portal, whatever Host the request names", async () => {
    // A forged Host (another port, another site) must not put its address in the email.
    const res = await forgot('user@travel.example.com', 'travel', 'evil.example:4123');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'ACCEPTED' });
    const message = await lastMessageTo(t, 'user@travel.example.com');
    expect(message).toMatchObject({ channel: 'email', template: 'password-reset' });
    expect(message!.text).toMatch(
      /http:\/\/travel\.localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}/,
    );
    expect(message!.text).toContain('30 minutes');
  });

  it('answers the same for an address without an account, and sends nothing', async () => {
    const known = await forgot('agent@travel.example.com');
    const unknown = await forgot('nobody@travel.example.com');
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(await messagesTo(t, 'nobody@travel.example.com')).toEqual([]);
  });

  it('stores the token only as a hash', async () => {
    const { token } = await tokenFor('agent@travel.example.com');
    const stored = JSON.stringify(await t.database.db.select().from(passwordResets));
    expect(stored).not.toContain(token);
  });

  it('sets the new password once, ends every session and does not sign in', async () => {
    const session = await signedIn(t, 'admin@travel.example.com');
    const { token } = await tokenFor('admin@travel.example.com');
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'PASSWORD_CHANGED' });
    expect(res.json()).not.toHaveProperty('token');

    const old = await t.app.inject({
      url: urlOf(accountsContracts.details, { id: session.userId }),
      headers: session.headers,
    });
    expect(old.statusCode).toBe(401);
    expect((await login(t, 'admin@travel.example.com')).statusCode).toBe(401);
    expect((await login(t, 'admin@travel.example.com', NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'Another-one-2026!');
    expect(again.statusCode).toBe(400);
    expect(apiErrorSchema.parse(again.json())).toMatchObject({
      code: 'RESET_LINK_USED',
      field: 'token',
    });
  });

  it('says whether a link still works when its page opens, using nothing', async () => {
    const { token } = await tokenFor('admin@business.example.com', 'business');
    expect((await check(token, 'business')).json()).toEqual({ status: 'VALID' });
    expect((await check(token, 'business')).json()).toEqual({ status: 'VALID' });
    expect((await reset(token, NEW_PASSWORD, 'business')).statusCode).toBe(200);
    const used = await check(token, 'business');
    expect(used.statusCode).toBe(400);
    expect(apiErrorSchema.parse(used.json())).toMatchObject({
      code: 'RESET_LINK_USED',
      field: 'token',
    });
    expect((await check('y'.repeat(43))).json()).toMatchObject({ code: 'EXPIRED_CODE' });
    const late = await tokenFor('admin@identity.example.com', 'identity');
    t.clock.advance(30 * 60_000);
    expect((await check(late.token, 'identity')).json()).toMatchObject({ code: 'EXPIRED_CODE' });
  });

  it('expires a link after 30 minutes', async () => {
    const { token } = await tokenFor('user@business.example.com', 'business');
    t.clock.advance(30 * 60_000);
    const res = await reset(token, NEW_PASSWORD, 'business');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'EXPIRED_CODE', field: 'token' });
  });

  it('keeps every link sent working until one is used, then ends the others', async () => {
    const first = await tokenFor('agent@business.example.com', 'business');
    const second = await tokenFor('agent@business.example.com', 'business');
    expect((await check(first.token, 'business')).json()).toEqual({ status: 'VALID' });
    expect((await reset(second.token, NEW_PASSWORD, 'business')).statusCode).toBe(200);
    const ended = await reset(first.token, 'Another-one-2026!', 'business');
    expect(ended.json()).toMatchObject({ code: 'RESET_LINK_USED' });
  });

  it("refuses an unknown token, and a token through another partner's portal", async () => {
    expect((await reset('x'.repeat(43))).json().code).toBe('EXPIRED_CODE');
    const { token } = await tokenFor('user@identity.example.com', 'identity');
    expect((await reset(token, NEW_PASSWORD, 'travel')).statusCode).toBe(400);
    expect((await reset(token, NEW_PASSWORD, 'identity')).statusCode).toBe(200);
  });

  it('refuses a weak new password with the rules it breaks, leaving the link usable', async () => {
    const { token } = await tokenFor('agent@identity.example.com', 'identity');
    const weak = await reset(token, 'short', 'identity');
    expect(weak.statusCode).toBe(400);
    expect(apiErrorSchema.parse(weak.json())).toMatchObject({
      code: 'INVALID_PARAMS',
      field: 'password',
    });
    expect((await reset(token, NEW_PASSWORD, 'identity')).statusCode).toBe(200);
  });

  it('leaves MFA on: the next login still asks for the TOTP code', async () => {
    const email = 'user@travel.example.com';
    const session = await signedIn(t, email);
    const post = (contract: ContractDef, payload: object) =>
      t.app.inject({ method: 'POST', url: urlOf(contract), headers: session.headers, payload });
    const { secret } = mfaTokenResponseSchema.parse(
      (await post(accountsContracts.mfaToken, { label: email })).json(),
    );
    expect(
      (await post(accountsContracts.setMfa, { enabled: true, code: totp(t, secret) })).statusCode,
    ).toBe(200);

    const { token } = await tokenFor(email);
    expect((await reset(token)).statusCode).toBe(200);
    const res = await login(t, email, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('MFA_REQUIRED');
  });

  it('sends at most 3 links per address in 15 minutes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await forgot('ghost@travel.example.com')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
  });

  it("answers 404 for another partner's id in the body", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.forgotPassword),
      headers: keyOf('travel'),
      payload: { emailAddress: 'user@travel.example.com', partnerId: 'business' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PARTNER_NOT_FOUND');
  });
});
