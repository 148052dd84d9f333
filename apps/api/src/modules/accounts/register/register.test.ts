import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  accountsContracts,
  apiErrorSchema,
  routeName,
  sessionSchema,
  userDetailsSchema,
} from '@tern/domain';
import { partners } from '../../partners/tables.ts';
import { policies } from '../../policies/tables.ts';
import { users } from '../tables.ts';
import { verifyPassword } from '../../../lib/passwords.ts';
import { bearer, keyOf, login } from '../../../../test/accounts.ts';
import { useTestApp } from '../../../../test/app.ts';
import { urlOf } from '../../../../test/urls.ts';

const person = (overrides: Record<string, unknown> = {}) => ({
  emailAddress: 'New.Person@Example.com',
  password: 'Sunny-days-2026',
  firstName: 'Nia',
  surname: 'Newcomer',
  mobilePhoneNumber: '+1 416 555 0199',
  policyNumber: 'SKY-2001',
  locale: 'fr-CA',
  commsSms: true,
  ...overrides,
});

describe(routeName(accountsContracts.register), () => {
  const t = useTestApp({ config: { AUTH_RATE_LIMIT_MAX: '1000' } });
  const register = (payload: object, partnerId = 'travel', headers = keyOf('travel')) =>
    t.app.inject({
      method: 'POST',
      url: urlOf(accountsContracts.register, { partnerId }),
      headers,
      payload,
    });

  it('creates the account, links the policy and signs in', async () => {
    const res = await register(person());
    expect(res.statusCode).toBe(201);
    const session = sessionSchema.parse(res.json());

    const details = await t.app.inject({
      url: urlOf(accountsContracts.details, { id: session.userId }),
      headers: bearer(session.token),
    });
    expect(details.statusCode).toBe(200);
    expect(userDetailsSchema.parse(details.json())).toMatchObject({
      emailAddress: 'new.person@example.com',
      mobilePhoneNumber: '+14165550199',
      locale: 'fr-CA',
      language: 'FR',
      terms: 'PENDING',
      mfaEnabled: false,
      commsSms: true,
      roles: ['USER'],
      employee: 0,
    });
    expect(details.json().comms).toHaveLength(4);
    expect(details.json().comms).toContainEqual({
      commsId: 'TRANSACTIONAL_SMS',
      type: 'transactional',
      active: true,
      preferred: false,
    });

    const [policy] = await t.database.db
      .select()
      .from(policies)
      .where(eq(policies.externalPolicyNumber, 'SKY-2001'));
    expect(policy!.userId).toBe(session.userId);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, session.userId));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user!.passwordHash!, 'Sunny-days-2026')).toBe(true);
    // The new account can log in with its password.
    expect((await login(t, 'new.person@example.com', 'Sunny-days-2026')).json().status).toBe('OK');
  });

  it('refuses a weak password with the key of every rule it breaks', async () => {
    const res = await register(person({ emailAddress: 'weak@example.com', password: 'abc def' }));
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body).toMatchObject({ code: 'INVALID_PARAMS', field: 'password' });
    expect(body.details!.filter((d) => d.field === 'password').map((d) => d.message)).toEqual([
      'validation.passwordv1',
      'validation.passwordv6',
      'validation.passwordv3',
      'validation.passwordv4',
      'validation.passwordv5',
    ]);
  });

  it('refuses an email already used at this partner, whatever its case, on emailAddress', async () => {
    const res = await register(
      person({ emailAddress: 'USER@travel.example.com', policyNumber: 'SKY-2002' }),
    );
    expect(res.statusCode).toBe(409);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({
      code: 'EMAIL_ALREADY_USED',
      field: 'emailAddress',
    });
  });

  it('lets the same email register with another partner', async () => {
    const res = await register(
      person({ emailAddress: 'user@travel.example.com', policyNumber: 'HBR-2001' }),
      'business',
      keyOf('business'),
    );
    expect(res.statusCode).toBe(201);
  });

  it('answers POLICY_NOT_FOUND for a number the partner does not have', async () => {
    for (const policyNumber of ['SKY-0000', 'HBR-2002']) {
      const res = await register(person({ emailAddress: 'nobody@example.com', policyNumber }));
      expect(res.statusCode, policyNumber).toBe(404);
      expect(apiErrorSchema.parse(res.json())).toMatchObject({
        code: 'POLICY_NOT_FOUND',
        field: 'policyNumber',
      });
    }
  });

  it('answers EXPIRED_OR_INACTIVE for an inactive policy, as the console promises', async () => {
    const res = await register(
      person({ emailAddress: 'nobody@example.com', policyNumber: 'SKY-9001' }),
    );
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({
      code: 'EXPIRED_OR_INACTIVE',
      field: 'policyNumber',
      message: 'This policy is not active',
    });
  });

  it('answers EXPIRED_OR_INACTIVE for a policy that has ended, and takes it on its last day', async () => {
    const [policy] = await t.database.db
      .select()
      .from(policies)
      .where(eq(policies.externalPolicyNumber, 'SKY-2003'));
    const start = t.clock.now().getTime();
    // An hour into the day after its end date, then an hour before that day begins.
    const dayAfter = new Date(`${policy!.policyEnd}T00:00:00Z`).getTime() + 86_400_000;
    t.clock.advance(dayAfter + 3_600_000 - start);
    const ended = await register(
      person({ emailAddress: 'late@example.com', policyNumber: 'SKY-2003' }),
    );
    expect(ended.statusCode).toBe(400);
    expect(apiErrorSchema.parse(ended.json())).toMatchObject({
      code: 'EXPIRED_OR_INACTIVE',
      field: 'policyNumber',
    });
    t.clock.advance(-2 * 3_600_000);
    const onTime = await register(
      person({ emailAddress: 'ontime@example.com', policyNumber: 'SKY-2003' }),
    );
    expect(onTime.statusCode).toBe(201);
    t.clock.advance(start - t.clock.now().getTime());
  });

  it('answers POLICY_TOO_MANY_USES for a policy linked to another account', async () => {
    const res = await register(
      person({ emailAddress: 'second@example.com', policyNumber: 'sky-1001' }),
    );
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({
      code: 'POLICY_TOO_MANY_USES',
      field: 'policyNumber',
    });
  });

  it('requires a policy number while the partner makes it mandatory, and not otherwise', async () => {
    const missing = await register(
      person({ emailAddress: 'nopolicy@example.com', policyNumber: '' }),
    );
    expect(missing.statusCode).toBe(400);
    expect(apiErrorSchema.parse(missing.json())).toMatchObject({
      code: 'INVALID_PARAMS',
      field: 'policyNumber',
      details: [{ field: 'policyNumber', message: 'validation.required' }],
    });

    await t.database.db
      .update(partners)
      .set({ config: { registration: { policyMandatory: false } } })
      .where(eq(partners.id, 'identity'));
    const { policyNumber: _, ...withoutPolicy } = person({ emailAddress: 'free@example.com' });
    const res = await register(withoutPolicy, 'identity', keyOf('identity'));
    expect(res.statusCode).toBe(201);
  });

  it("answers 404 PARTNER_NOT_FOUND for a partner other than the api-key's", async () => {
    const res = await register(person({ emailAddress: 'other@example.com' }), 'business');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PARTNER_NOT_FOUND');
  });

  it('refuses an invalid email, name and phone, each on its field', async () => {
    const res = await register(
      person({ emailAddress: 'not an email', firstName: '', mobilePhoneNumber: '555' }),
    );
    expect(res.statusCode).toBe(400);
    const fields = apiErrorSchema.parse(res.json()).details!.map((d) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining(['emailAddress', 'firstName', 'mobilePhoneNumber']),
    );
  });

  it('needs an api-key', async () => {
    const res = await register(person(), 'travel', {} as never);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('API_KEY_INVALID');
  });
});
