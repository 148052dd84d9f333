import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  claimsContracts,
  insuredItemListSchema,
  itemAlertListSchema,
  routeName,
} from '@tern/domain';
import { insuredItems, itemAlerts } from './tables.ts';
import { DEMO_IDS } from '../../seed/demo-data.ts';
import { demoPartner, useTestApp } from '../../../test/app.ts';
import { urlOf } from '../../../test/urls.ts';
import { signIn } from '../../../test/sign-in.ts';

describe('items API', () => {
  const t = useTestApp();
  let business: Awaited<ReturnType<typeof signIn>>;
  let travel: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    business = await signIn(t, 'business');
    travel = await signIn(t, 'travel');
  });

  const claim = (overrides: Partial<typeof itemAlerts.$inferInsert>) => ({
    itemId: DEMO_IDS.cafe,
    claimNumber: 'HM-CLM-TEST',
    alertDate: new Date('2026-01-01T00:00:00Z'),
    alertType: 'FLOOD',
    description: 'Flooded cellar',
    status: 'USER-CONFIRM-OFFER',
    data: { currency: 'GBP', profitMargin: 30, retention: 0, applicableLimit: 1_000_000 },
    ...overrides,
  });

  describe(routeName(claimsContracts.items), () => {
    it("answers the owner's insured items with properties and permissions", async () => {
      const res = await t.app.inject({
        url: urlOf(claimsContracts.items),
        headers: business.headers,
      });
      expect(res.statusCode).toBe(200);
      const items = insuredItemListSchema.parse(res.json());
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        itemId: DEMO_IDS.cafe,
        itemTypeId: 'BUSINESS_PREMISES',
        externalPolicyNumber: 'HM-BI-2026-0042',
        properties: {
          name: 'Harbour Café',
          address: '12 Quay Street, Bristol BS1 4RN, United Kingdom',
        },
        permissions: [{ permission: 'BANKING', required: true, granted: false }],
        payoutCurrency: 'GBP',
        tripId: null,
        disruptionOptions: { yesAllowed: true, noAllowed: true, callMeAllowed: false },
      });
    });

    it('answers another user of the same partner, who has none, an empty list', async () => {
      const colleague = await signIn(t, 'business', 'agent');
      const res = await t.app.inject({
        url: urlOf(claimsContracts.items),
        headers: colleague.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('does not exist for a partner without the parametric configuration', async () => {
      const res = await t.app.inject({
        url: urlOf(claimsContracts.items),
        headers: travel.headers,
      });
      expect(res.statusCode).toBe(404);
      expect(apiErrorSchema.parse(res.json()).code).toBe('ROUTE_NOT_FOUND');
    });

    it('leaves out cancelled (inactive) items', async () => {
      await t.database.db.insert(insuredItems).values({
        userId: business.userId,
        partnerId: 'business',
        itemTypeId: 'BUSINESS_PREMISES',
        properties: { name: 'Closed kiosk' },
        payoutCurrency: 'GBP',
        active: false,
      });
      const res = await t.app.inject({
        url: urlOf(claimsContracts.items),
        headers: business.headers,
      });
      expect(res.json().map((i: { properties: { name: string } }) => i.properties.name)).toEqual([
        'Harbour Café',
      ]);
    });

    it('needs a session', async () => {
      const res = await t.app.inject({
        url: urlOf(claimsContracts.items),
        headers: { 'api-key': demoPartner('business').apiKey },
      });
      expect(res.statusCode).toBe(401);
      expect(apiErrorSchema.parse(res.json()).code).toBe('UNAUTHORISED');
    });
  });

  describe(routeName(claimsContracts.alerts), () => {
    const alerts = (query: Record<string, string>, who = business) =>
      t.app.inject({
        url: urlOf(claimsContracts.alerts, {}, query),
        headers: who.headers,
      });

    it("answers the owner's active claims with the item's properties, datasets and payouts", async () => {
      const res = await alerts({ active: 'true' });
      expect(res.statusCode).toBe(200);
      const [claimBody, ...rest] = itemAlertListSchema.parse(res.json());
      expect(rest).toEqual([]);
      expect(claimBody).toMatchObject({
        alertId: DEMO_IDS.cafeClaim,
        itemId: DEMO_IDS.cafe,
        claimNumber: 'HM-CLM-2026-0001',
        alertDate: '2026-10-06T07:00:00.000Z',
        status: 'prediction',
        completed: false,
        confirmed: false,
        properties: { name: 'Harbour Café' },
        externalPolicyNumber: 'HM-BI-2026-0042',
        brokerAssignee: 'broker@harbour-mutual.example.com',
        // Money in pence: GBP 500.00 retention, GBP 25,000.00 limit.
        data: { currency: 'GBP', profitMargin: 35, retention: 50_000, applicableLimit: 2_500_000 },
        datasets: [{ name: 'USER-REVENUE-PREDICTION', completed: false, data: [] }],
        payouts: [],
        trigger: { type: 'closure', measuredValue: 4320, threshold: 1440, unit: 'min' },
        restoration: { start: '2026-10-06', end: '2027-04-05' },
        documents: [],
      });
    });

    it('answers claims newest first, and only active ones when asked', async () => {
      await t.database.db.insert(itemAlerts).values([
        claim({ claimNumber: 'NEWER', alertDate: new Date('2026-11-01T00:00:00Z') }),
        claim({ claimNumber: 'OLDER', alertDate: new Date('2026-01-01T00:00:00Z') }),
        claim({
          claimNumber: 'WITHDRAWN',
          alertDate: new Date('2026-12-01T00:00:00Z'),
          active: false,
        }),
      ]);
      const numbers = async (query: Record<string, string>) =>
        (await alerts(query)).json().map((c: { claimNumber: string }) => c.claimNumber);
      expect(await numbers({ active: 'true' })).toEqual(['NEWER', 'HM-CLM-2026-0001', 'OLDER']);
      expect(await numbers({})).toEqual(['WITHDRAWN', 'NEWER', 'HM-CLM-2026-0001', 'OLDER']);
      expect(await numbers({ active: 'false' })).toEqual(['WITHDRAWN']);
    });

    it('answers one claim by item and alert id', async () => {
      const res = await alerts({ itemId: DEMO_IDS.cafe, alertId: DEMO_IDS.cafeClaim });
      expect(res.json().map((c: { alertId: string }) => c.alertId)).toEqual([DEMO_IDS.cafeClaim]);
    });

    it("finds nothing with another user's claim id: an empty list, nothing revealed", async () => {
      const colleague = await signIn(t, 'business', 'agent');
      const res = await alerts({ itemId: DEMO_IDS.cafe, alertId: DEMO_IDS.cafeClaim }, colleague);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect((await alerts({ active: 'true' }, colleague)).json()).toEqual([]);
    });

    it('refuses a malformed filter with 400 INVALID_PARAMS', async () => {
      const malformed: Record<string, string>[] = [{ active: 'yes' }, { alertId: '42' }];
      for (const query of malformed) {
        const res = await alerts(query);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('INVALID_PARAMS');
      }
    });

    it('needs a session', async () => {
      const res = await t.app.inject({
        url: urlOf(claimsContracts.alerts, {}, { active: 'true' }),
        headers: { 'api-key': demoPartner('business').apiKey, authorization: 'Bearer nope' },
      });
      expect(res.statusCode).toBe(401);
    });
  });
});
