import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { mintSsoToken } from '../../lib/sso-mint.ts';
import { DEMO_PASSWORD } from '../../seed/demo-world.ts';
import { codeIn, keyOf, lastMessageTo, login } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';

describe('logs of the sign-in flows', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const t = useTestApp({ config: { LOG_LEVEL: 'trace' }, logStream: stream });
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: keyOf('travel'), payload });

  it('carry no password, one-time code, session id, reset token, SSO token or bearer token', async () => {
    const secrets: string[] = [DEMO_PASSWORD];
    let code = '';
    const signedIn = await login(t, 'user@travel.example.com');
    secrets.push(signedIn.json().token);
    await login(t, 'user@travel.example.com', 'Wrong-password-77');
    secrets.push('Wrong-password-77');

    const { sessionId } = (
      await post('/platform/user/login/otc', { identifier: 'user@travel.example.com' })
    ).json();
    code = codeIn((await lastMessageTo(t, 'user@travel.example.com'))!.text)!;
    await post('/platform/user/login/confirm', {
      sessionId,
      code: code === '000000' ? '000001' : '000000',
    });
    const confirmed = await post('/platform/user/login/confirm', { sessionId, code });
    secrets.push(sessionId, confirmed.json().token);

    await post('/platform/user/forgotPassword', {
      emailAddress: 'user@travel.example.com',
      partnerId: 'travel',
    });
    const link = (await lastMessageTo(t, 'user@travel.example.com'))!.text.match(
      /https?:\/\/\S+/,
    )![0];
    const resetToken = new URL(link).searchParams.get('token')!;
    await post('/platform/user/resetPassword', {
      token: resetToken,
      password: 'Fresh-pass-2026!',
      partnerId: 'travel',
    });
    secrets.push(resetToken, 'Fresh-pass-2026!');

    const sso = await mintSsoToken({
      partnerId: 'travel',
      secret: 'tern_sk_travel_demo',
      kid: 'travel-demo',
      customer: 'C-LOG',
      email: 'log@example.com',
      first: 'Lo',
      last: 'Gger',
      now: t.clock.now(),
    });
    const ssoRes = await t.app.inject({
      url: `/api/v1/platform/user/sso/${sso}`,
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
