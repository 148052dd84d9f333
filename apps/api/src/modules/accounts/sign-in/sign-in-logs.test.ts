import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { accountsContracts, type ContractDef } from '@tern/domain';
import { mintPartnerToken } from '@tern/partner-client';
import { SSO_MAX_LIFETIME_S } from '../limits.ts';
import { DEMO_PASSWORD } from '../../../seed/demo-world.ts';
import { codeIn, keyOf, lastMessageTo, login } from '../../../../test/accounts.ts';
import { demoPartner, useTestApp } from '../../../../test/app.ts';
import { urlOf } from '../../../../test/urls.ts';

describe('logs of the sign-in flows', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const t = useTestApp({ config: { LOG_LEVEL: 'trace' }, logStream: stream });
  const post = (contract: ContractDef, payload: object) =>
    t.app.inject({ method: 'POST', url: urlOf(contract), headers: keyOf('travel'), payload });

  it('carry no password, one-time code, session id, reset token, SSO token or bearer token', async () => {
    const secrets: string[] = [DEMO_PASSWORD];
    let code = '';
    const signedIn = await login(t, 'user@travel.example.com');
    secrets.push(signedIn.json().token);
    await login(t, 'user@travel.example.com', 'Wrong-password-77');
    secrets.push('Wrong-password-77');

    const { sessionId } = (
      await post(accountsContracts.requestCode, { identifier: 'user@travel.example.com' })
    ).json();
    code = codeIn((await lastMessageTo(t, 'user@travel.example.com'))!.text)!;
    await post(accountsContracts.confirmCode, {
      sessionId,
      code: code === '000000' ? '000001' : '000000',
    });
    const confirmed = await post(accountsContracts.confirmCode, { sessionId, code });
    secrets.push(sessionId, confirmed.json().token);

    await post(accountsContracts.forgotPassword, {
      emailAddress: 'user@travel.example.com',
      partnerId: 'travel',
    });
    const link = (await lastMessageTo(t, 'user@travel.example.com'))!.text.match(
      /https?:\/\/\S+/,
    )![0];
    const resetToken = new URL(link).searchParams.get('token')!;
    await post(accountsContracts.resetPassword, {
      token: resetToken,
      password: 'Fresh-pass-2026!',
      partnerId: 'travel',
    });
    secrets.push(resetToken, 'Fresh-pass-2026!');

    const sso = await mintPartnerToken({
      partnerId: 'travel',
      audience: 'travel',
      ttlSeconds: SSO_MAX_LIFETIME_S,
      secret: demoPartner('travel').serverSecret,
      kid: 'travel-demo',
      customer: 'C-LOG',
      email: 'log@example.com',
      first: 'Lo',
      last: 'Gger',
      now: t.clock.now(),
    });
    const ssoRes = await t.app.inject({
      url: urlOf(accountsContracts.sso, { token: sso }),
      headers: keyOf('travel'),
    });
    expect(ssoRes.statusCode).toBe(200);
    secrets.push(sso.split('.')[2]!, ssoRes.json().accessToken);

    const log = lines.join('');
    expect(log).toContain('incoming request');
    for (const secret of secrets) expect(log).not.toContain(secret);
    // A 6-digit code as a value of its own (not digits inside a timing or a timestamp).
    expect(log).not.toMatch(new RegExp(`(?<![\\d.])${code}(?!\\d)`));
  });
});
