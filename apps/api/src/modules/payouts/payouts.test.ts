import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  payoutConfigSchema,
  payoutMethodListSchema,
  payoutsContracts,
  routeName,
} from '@tern/domain';
import { payoutMethods } from './tables.ts';
import { demoPartner, useTestApp } from '../../../test/app.ts';
import { routeStatements, statementsDuring } from '../../../test/queries.ts';
import { urlOf } from '../../../test/urls.ts';
import { signIn, unknownUserId } from '../../../test/sign-in.ts';

describe('payouts API', () => {
  const t = useTestApp();
  let travel: Awaited<ReturnType<typeof signIn>>;
  let business: Awaited<ReturnType<typeof signIn>>;
  let identity: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    travel = await signIn(t, 'travel');
    business = await signIn(t, 'business');
    identity = await signIn(t, 'identity');
  });

  const get = (
    name: keyof typeof payoutsContracts,
    who: { headers: Record<string, string> },
    userId: string,
  ) =>
    t.app.inject({
      url: urlOf(payoutsContracts[name], {}, { userId }),
      headers: who.headers,
    });

  describe(routeName(payoutsContracts.methods), () => {
    it("answers the owner's method with its account number masked", async () => {
      const res = await get('methods', travel, travel.userId);
      expect(res.statusCode).toBe(200);
      const [method, ...rest] = payoutMethodListSchema.parse(res.json());
      expect(rest).toEqual([]);
      expect(method).toMatchObject({
        description: 'Chequing account',
        preferred: 1,
        service: 'bank',
        provider: 'manual',
        vendor: 'service-provider',
        type: 'BANK-MANUAL',
        accountNumber: '****4321',
        extras: { addressLine1: '100 King Street West', townCity: 'Toronto', postCode: 'M5X 1A9' },
      });
      expect(res.body).not.toContain('7654321');
    });

    it('answers the preferred method first, then the others in the order they were added', async () => {
      const base = {
        userId: travel.userId,
        partnerId: 'travel',
        service: 'bank',
        provider: 'corpay',
        vendor: 'service-provider',
        type: 'BANK-CORPAY',
      };
      await t.database.db.insert(payoutMethods).values([
        { ...base, description: 'Older savings', createdAt: new Date('2020-01-01T00:00:00Z') },
        { ...base, description: 'Newer savings', createdAt: new Date('2030-01-01T00:00:00Z') },
      ]);
      const res = await get('methods', travel, travel.userId);
      expect(res.json().map((m: { description: string }) => m.description)).toEqual([
        'Chequing account',
        'Older savings',
        'Newer savings',
      ]);
    });

    it('never answers a full account number or IBAN, even one stored unmasked by mistake', async () => {
      await t.database.db.insert(payoutMethods).values({
        userId: business.userId,
        partnerId: 'business',
        description: 'Business current account',
        service: 'bank',
        provider: 'manual',
        vendor: 'service-provider',
        type: 'BANK-MANUAL',
        // Half-masked values, and account fields a provider's form put among the extras.
        accountMasked: { accountNumber: '3192****6819', iban: 'GB29NWBK6016****1331926819' },
        extras: { townCity: 'Leeds', accountNumber: '31926819', sortCode: '601613' },
      });
      const res = await get('methods', business, business.userId);
      expect(res.statusCode).toBe(200);
      const [method] = payoutMethodListSchema.parse(res.json());
      expect(method).toMatchObject({
        accountNumber: '****6819',
        iban: '****6819',
        extras: { townCity: 'Leeds' },
      });
      expect(method!.extras).not.toHaveProperty('accountNumber');
      expect(res.body).not.toMatch(/3192|GB29|601613/);
    });

    it('answers in one prepared statement', async () => {
      expect((await get('methods', travel, travel.userId)).statusCode).toBe(200);
      const statements = await statementsDuring(t, async () => {
        expect((await get('methods', travel, travel.userId)).statusCode).toBe(200);
      });
      // Named: PostgreSQL parses and plans it once per connection, not on every request.
      const [list, ...others] = routeStatements(statements);
      expect(others).toEqual([]);
      expect(list).toMatchObject({ name: expect.any(String) });
      expect(list!.text).not.toContain('account_ciphertext');
    });

    it("answers a user without methods an empty list, whatever the partner's supplier", async () => {
      for (const who of [
        await signIn(t, 'travel', 'agent'),
        await signIn(t, 'business', 'agent'),
      ]) {
        const res = await get('methods', who, who.userId);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual([]);
      }
    });

    it("answers another user's id, or an unknown one, with 404 USER_NOT_FOUND", async () => {
      for (const userId of [business.userId, unknownUserId]) {
        const res = await get('methods', travel, userId);
        expect(res.statusCode).toBe(404);
        expect(apiErrorSchema.parse(res.json()).code).toBe('USER_NOT_FOUND');
      }
    });

    it('refuses a user id that is not an id with 400 INVALID_PARAMS', async () => {
      const res = await get('methods', travel, 'me');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'userId' });
    });

    it('needs a session: no token, a forged one or one of another partner answers 401', async () => {
      const headersList: Record<string, string>[] = [
        { 'api-key': demoPartner('travel').apiKey },
        { 'api-key': demoPartner('travel').apiKey, authorization: 'Bearer forged' },
        { ...travel.headers, 'api-key': demoPartner('business').apiKey },
      ];
      for (const headers of headersList) {
        const res = await get('methods', { headers }, travel.userId);
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('UNAUTHORISED');
      }
    });
  });

  describe(routeName(payoutsContracts.config), () => {
    it("answers the partner's supplier, providers and country", async () => {
      const res = await get('config', travel, travel.userId);
      expect(res.statusCode).toBe(200);
      expect(payoutConfigSchema.parse(res.json())).toEqual({
        payouts: {
          supplier: 'manual',
          providers: ['BANK-MANUAL', 'BANK-CORPAY'],
          currencies: ['CAD', 'USD', 'EUR', 'GBP'],
        },
        country: { iso: 'CA', currency: 'CAD' },
      });
    });

    it("answers each partner's own configuration", async () => {
      const res = await get('config', business, business.userId);
      expect(res.json()).toEqual({
        payouts: { supplier: 'payment-rails', providers: ['BANK-MANUAL'], currencies: ['GBP'] },
        country: { iso: 'GB', currency: 'GBP' },
      });
    });

    it('does not exist for a partner without a payout service (404 ROUTE_NOT_FOUND)', async () => {
      for (const name of ['config', 'methods', 'payments'] as const) {
        const res = await get(name, identity, identity.userId);
        expect(res.statusCode).toBe(404);
        expect(apiErrorSchema.parse(res.json()).code).toBe('ROUTE_NOT_FOUND');
      }
    });

    it("answers another user's id with 404 and no session with 401", async () => {
      expect((await get('config', travel, business.userId)).statusCode).toBe(404);
      const res = await get(
        'config',
        { headers: { 'api-key': demoPartner('travel').apiKey } },
        travel.userId,
      );
      expect(res.statusCode).toBe(401);
    });
  });
});
