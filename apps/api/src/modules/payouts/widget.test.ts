import { beforeAll, describe, expect, it } from 'vitest';
import {
  payoutMethodListSchema,
  payoutsContracts,
  payoutWidgetSchema,
  routeName,
} from '@tern/domain';
import { actingFor } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';
import { urlOf } from '../../../test/urls.ts';
import { signIn, type SignedIn } from '../../../test/sign-in.ts';

describe('the payment-rails widget', () => {
  const t = useTestApp();
  let business: SignedIn;
  beforeAll(async () => {
    business = await signIn(t, 'business');
  });
  const open = (who: SignedIn, lang = 'fr') =>
    t.app.inject({
      url: urlOf(payoutsContracts.widget, {}, { userId: who.userId, lang }),
      headers: who.headers,
    });
  const pathOf = (url: string) => new URL(url).pathname;
  const gbp = {
    description: 'Compte courant',
    legalType: 'BUSINESS',
    sortCode: '089999',
    accountNumber: '66374958',
    emailAddress: 'owner@example.com',
  };

  describe(routeName(payoutsContracts.widget), () => {
    it("answers a one-time link to the supplier's page, framable by the portal only", async () => {
      const res = await open(business);
      expect(res.statusCode).toBe(200);
      const { url } = payoutWidgetSchema.parse(res.json());
      expect(url).toMatch(
        /^http:\/\/business\.localhost:\d+\/payment-rails\/widget\/[\w-]{40,}\?lang=fr$/,
      );
      const page = await t.app.inject({ url: pathOf(url) + '?lang=fr' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain(
        `frame-ancestors ${new URL(url).origin}`,
      );
      // The portal's own DENY would forbid the portal that asked for it too.
      expect(page.headers['x-frame-options']).toBeUndefined();
      expect(page.body).toContain('Ajoutez votre compte bancaire');
      expect(page.body).toContain('name="sortCode"');
      // The legal type of a business is fixed.
      expect(page.body).toMatch(/name="legalType"[^>]*disabled/);
    });

    it('is for the holder, from a recent sign-in, as adding a method is', async () => {
      const stale = await signIn(t, 'business');
      t.clock.advance(11 * 60_000);
      const old = await open(stale);
      expect(old.statusCode).toBe(403);
      expect(old.json().code).toBe('RECENT_SIGN_IN_REQUIRED');
      const agent = await signIn(t, 'business', 'agent');
      const acting = await actingFor(t, agent, business.userId, 'business');
      const res = await open({ ...business, headers: acting });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ACCOUNT_HOLDER_ONLY');
      business = await signIn(t, 'business');
    });

    it('refuses a partner whose supplier is not payment-rails, and another user', async () => {
      const travel = await signIn(t, 'travel');
      const res = await open(travel);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('PAYOUT_SERVICE_NOT_CONFIGURED');
      const other = await t.app.inject({
        url: urlOf(payoutsContracts.widget, {}, { userId: travel.userId, lang: 'en' }),
        headers: business.headers,
      });
      expect(other.statusCode).toBe(404);
    });
  });

  it('creates the method from the details entered, once per link; wrong details are flagged', async () => {
    const path = pathOf((await open(business)).json().url);
    const wrong = await t.app.inject({
      method: 'POST',
      url: path,
      payload: { ...gbp, accountNumber: '66374959', description: '', emailAddress: 'owner@' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().problems).toEqual([
      { field: 'description', message: 'validation.required' },
      { field: 'emailAddress', message: 'validation.inv_email' },
    ]);
    const modulus = await t.app.inject({
      method: 'POST',
      url: path,
      payload: { ...gbp, accountNumber: '66374959' },
    });
    expect(modulus.json().problems).toEqual([
      { field: 'accountNumber', message: 'validation.invalid' },
    ]);
    const [first, second] = await Promise.all([
      t.app.inject({ method: 'POST', url: path, payload: gbp }),
      t.app.inject({ method: 'POST', url: path, payload: gbp }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 404]);
    const methods = payoutMethodListSchema.parse(
      (
        await t.app.inject({
          url: urlOf(payoutsContracts.methods, {}, { userId: business.userId }),
          headers: business.headers,
        })
      ).json(),
    );
    const created = methods.filter((m) => m.type === 'BANK-RAILS');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      description: 'Compte courant',
      accountNumber: '****4958',
      currency: 'GBP',
      vendor: 'payment-rails',
      preferred: 1,
    });
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(404);
  });
});
