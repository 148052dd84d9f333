import { Secret, TOTP } from 'otpauth';
import { accountsContracts } from '@tern/domain';
import { outboxRepo } from '../src/providers/notifications/outbox-repo.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-world.ts';
import { demoPartner, type TestContext } from './app.ts';
import { urlOf } from './urls.ts';

/** Helpers for tests of the sign-in flows: calls as a portal makes them, and the outbox. */

/** Headers of a call from a demo partner's portal: its api-key. */
export const keyOf = (partnerId: string) => ({ 'api-key': demoPartner(partnerId).apiKey });
export const bearer = (token: string, partnerId = 'travel') => ({
  ...keyOf(partnerId),
  authorization: `Bearer ${token}`,
});

export function login(
  t: TestContext,
  emailAddress: string,
  password = DEMO_PASSWORD,
  partnerId = 'travel',
  remoteAddress?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: urlOf(accountsContracts.login),
    headers: keyOf(partnerId),
    payload: { emailAddress, password, partnerId },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Signs a demo or test user in through the login endpoint; answers the session. */
export async function signedIn(
  t: TestContext,
  emailAddress: string,
  password = DEMO_PASSWORD,
  partnerId = 'travel',
) {
  const res = await login(t, emailAddress, password, partnerId);
  if (res.statusCode !== 200 || res.json().status !== 'OK')
    throw new Error(`login ${emailAddress}: ${res.statusCode} ${res.body}`);
  const session = res.json<{ userId: string; token: string; expiresAt: string }>();
  return { ...session, headers: bearer(session.token, partnerId) };
}

/**
 * The messages the simulated provider delivered to an address, newest first, once every
 * queued job has run (messages leave through the job queue).
 */
export async function messagesTo(t: TestContext, recipient: string) {
  await t.app.platform.jobs.settled();
  return outboxRepo(t.database.db).list({ recipient });
}

/** The newest message delivered to an address. */
export const lastMessageTo = async (t: TestContext, recipient: string) =>
  (await messagesTo(t, recipient))[0];

export const codeIn = (text: string) => text.match(/\b(\d{6})\b/)?.[1];

/** The TOTP code an authenticator app shows for a secret at the test clock's time. */
export const totp = (t: TestContext, secret: string, offsetMs = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    period: 30,
    timestamp: t.clock.now().getTime() + offsetMs,
  });

/** Turns MFA on for a signed-in user as the portal does; answers the TOTP secret. */
export async function enableMfa(
  t: TestContext,
  session: { headers: Record<string, string> },
): Promise<string> {
  const setup = await t.app.inject({
    method: 'POST',
    url: urlOf(accountsContracts.mfaToken),
    headers: session.headers,
    payload: { label: 'phone' },
  });
  const { secret } = setup.json<{ secret: string }>();
  const on = await t.app.inject({
    method: 'POST',
    url: urlOf(accountsContracts.setMfa),
    headers: session.headers,
    payload: { enabled: true, code: totp(t, secret) },
  });
  if (on.statusCode !== 200) throw new Error(`MFA on: ${on.statusCode} ${on.body}`);
  return secret;
}

/** The headers of a session an agent opens to act for a customer of their partner. */
export async function actingFor(
  t: TestContext,
  agent: { headers: Record<string, string> },
  customerId: string,
  partnerId = 'travel',
): Promise<Record<string, string>> {
  const res = await t.app.inject({
    method: 'POST',
    url: urlOf(accountsContracts.actFor),
    headers: agent.headers,
    payload: { userId: customerId },
  });
  if (res.statusCode !== 201)
    throw new Error(`act for ${customerId}: ${res.statusCode} ${res.body}`);
  return bearer(res.json().token, partnerId);
}
