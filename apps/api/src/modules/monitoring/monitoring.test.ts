import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  apiErrorSchema,
  MONITORED_DATA_TYPES,
  monitoringAlertListSchema,
  monitoringContracts,
  routeName,
  subscriberStatusSchema,
  subscriptionsSchema,
} from '@tern/domain';
import { monitoredItems, monitoringAlerts, monitoringSubscribers } from './tables.ts';
import { DEMO_IDS } from '../../seed/demo-data.ts';
import { signIn } from '../../../test/sign-in.ts';
import { demoPartner, useTestApp } from '../../../test/app.ts';
import { urlOf } from '../../../test/urls.ts';
import { MONITORED_TYPE_RULES } from './service.ts';

type Who = Awaited<ReturnType<typeof signIn>>;

describe('monitoring API', () => {
  const t = useTestApp();
  let identity: Who;
  let newcomer: Who;
  let business: Who;
  beforeAll(async () => {
    identity = await signIn(t, 'identity');
    // Another user of the monitoring partner, not subscribed by the demo seed.
    newcomer = await signIn(t, 'identity', 'admin');
    business = await signIn(t, 'business');
  });

  const status = (who: Who, userId = who.userId) =>
    t.app.inject({ url: urlOf(monitoringContracts.status, { userId }), headers: who.headers });
  const subscribe = (who: Who, body: object = { partnerId: 'identity' }, userId = who.userId) =>
    t.app.inject({
      method: 'POST',
      url: urlOf(monitoringContracts.subscribe, { userId }),
      headers: who.headers,
      payload: body,
    });
  const subscriptions = (
    who: Who,
    query: Record<string, string> = { active: 'true' },
    userId = who.userId,
  ) =>
    t.app.inject({
      url: urlOf(monitoringContracts.subscriptions, { userId }, query),
      headers: who.headers,
    });
  const alerts = (
    who: Who,
    query: Record<string, string> = { filter: 'complete' },
    userId = who.userId,
  ) =>
    t.app.inject({
      // The portal calls it with a trailing slash (spec 1 §7).
      url: urlOf(monitoringContracts.alerts, { userId }, query),
      headers: who.headers,
    });

  describe(routeName(monitoringContracts.status), () => {
    it("answers a subscriber's state", async () => {
      const res = await status(identity);
      expect(res.statusCode).toBe(200);
      expect(subscriberStatusSchema.parse(res.json())).toEqual({
        subscribed: true,
        initialScan: true,
      });
    });

    it('answers a user never subscribed as not subscribed, without an initial scan', async () => {
      expect((await status(newcomer)).json()).toEqual({ subscribed: false, initialScan: false });
    });
  });

  describe(routeName(monitoringContracts.subscribe), () => {
    it('subscribes the user and completes the initial scan, idempotently', async () => {
      const first = await subscribe(newcomer);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ subscribed: true, initialScan: true });
      const [before] = await t.database.db
        .select()
        .from(monitoringSubscribers)
        .where(eq(monitoringSubscribers.userId, newcomer.userId));
      expect(before).toMatchObject({ partnerId: 'identity', initialScanStatus: 'complete' });

      t.clock.advance(60_000);
      const again = await subscribe(newcomer);
      expect(again.json()).toEqual({ subscribed: true, initialScan: true });
      const rows = await t.database.db
        .select()
        .from(monitoringSubscribers)
        .where(eq(monitoringSubscribers.userId, newcomer.userId));
      expect(rows).toHaveLength(1);
      // A live subscription keeps its first date.
      expect(rows[0]!.subscribedAt).toEqual(before!.subscribedAt);
      expect((await status(newcomer)).json()).toEqual({ subscribed: true, initialScan: true });
    });

    it('subscribes again a user who had left', async () => {
      await t.database.db
        .update(monitoringSubscribers)
        .set({ subscribed: false, unsubscribedAt: new Date() })
        .where(eq(monitoringSubscribers.userId, newcomer.userId));
      expect((await status(newcomer)).json().subscribed).toBe(false);
      expect((await subscribe(newcomer)).json()).toEqual({ subscribed: true, initialScan: true });
    });

    it("refuses another partner's id with 404 PARTNER_NOT_FOUND and a bad body with 400", async () => {
      const other = await subscribe(identity, { partnerId: 'travel' });
      expect(other.statusCode).toBe(404);
      expect(apiErrorSchema.parse(other.json()).code).toBe('PARTNER_NOT_FOUND');
      const bad = await subscribe(identity, {});
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'partnerId' });
    });
  });

  describe(routeName(monitoringContracts.subscriptions), () => {
    it('answers all ten types with their limits and the masked items of each', async () => {
      const res = await subscriptions(identity);
      expect(res.statusCode).toBe(200);
      const body = subscriptionsSchema.parse(res.json());
      expect(Object.keys(body).sort()).toEqual([...MONITORED_DATA_TYPES].sort());
      for (const type of MONITORED_DATA_TYPES)
        expect(body[type].maxAllowed).toBe(MONITORED_TYPE_RULES[type].maxAllowed);
      expect(body.EMAIL_ADDRESS.items).toEqual([
        expect.objectContaining({
          id: DEMO_IDS.identityEmail,
          dataType: 'EMAIL_ADDRESS',
          friendlyName: 'Personal email',
          displayName: 'Personal email',
          displayValue: 'um****@identity.example.com',
          tokenised: false,
          alerts: [],
        }),
      ]);
      expect(body.CARD.items).toEqual([
        expect.objectContaining({ displayValue: '**** 4242', tokenised: true }),
      ]);
      expect(body.PASSPORT.items).toEqual([]);
      // Neither the value, nor its fingerprint or vault token, ever leaves the server.
      expect(res.body).not.toMatch(/uma\.user|4242424242424242|vault_demo|value_?fingerprint/i);
    });

    it('leaves out deleted items when asked for active ones', async () => {
      await t.database.db.insert(monitoredItems).values({
        userId: identity.userId,
        partnerId: 'identity',
        dataType: 'PHONE_NUMBER',
        friendlyName: 'Old phone',
        displayValue: '****0123',
        valueFingerprint: 'f'.repeat(64),
        active: false,
      });
      expect(
        subscriptionsSchema.parse((await subscriptions(identity)).json()).PHONE_NUMBER.items,
      ).toEqual([]);
      const all = subscriptionsSchema.parse((await subscriptions(identity, {})).json());
      expect(all.PHONE_NUMBER.items.map((i) => i.friendlyName)).toEqual(['Old phone']);
    });

    it('withholds a display value stored unmasked by mistake', async () => {
      await t.database.db.insert(monitoredItems).values({
        userId: identity.userId,
        partnerId: 'identity',
        dataType: 'PASSPORT',
        friendlyName: 'Passport',
        displayValue: 'GB1234567',
        valueFingerprint: 'e'.repeat(64),
      });
      const res = await subscriptions(identity);
      expect(res.statusCode).toBe(200);
      expect(subscriptionsSchema.parse(res.json()).PASSPORT.items[0]!.displayValue).toBe('****');
      expect(res.body).not.toContain('GB1234567');
    });
  });

  describe(routeName(monitoringContracts.alerts), () => {
    it('answers an empty list when nothing was found', async () => {
      const res = await alerts(newcomer);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('answers every alert newest first, or only the open ones, and ties them to items', async () => {
      await t.database.db.insert(monitoringAlerts).values([
        {
          itemId: DEMO_IDS.identityEmail,
          userId: identity.userId,
          title: 'Email found in a breach',
          description: 'Your address appeared in a shop’s leaked customer list.',
          source: 'Example Shop',
          breachDate: '2026-01-02',
          detectedOn: new Date('2026-01-10T00:00:00Z'),
          completed: true,
          completedOn: new Date('2026-01-11T00:00:00Z'),
        },
        {
          itemId: DEMO_IDS.identityCard,
          userId: identity.userId,
          title: 'Card offered for sale',
          description: 'Your card number was listed on a card market.',
          source: 'Card market',
          detectedOn: new Date('2026-02-01T00:00:00Z'),
        },
      ]);
      const all = monitoringAlertListSchema.parse((await alerts(identity)).json());
      expect(all.map((a) => a.title)).toEqual(['Card offered for sale', 'Email found in a breach']);
      expect(all[1]).toMatchObject({
        dataType: 'EMAIL_ADDRESS',
        displayValue: 'um****@identity.example.com',
        breachDate: '2026-01-02',
        completed: true,
        completedOn: '2026-01-11T00:00:00.000Z',
      });
      const open = monitoringAlertListSchema.parse(
        (await alerts(identity, { filter: 'open' })).json(),
      );
      expect(open.map((a) => a.title)).toEqual(['Card offered for sale']);
      const body = subscriptionsSchema.parse((await subscriptions(identity)).json());
      expect(body.CARD.items[0]!.alerts).toEqual([{ alertId: open[0]!.alertId, completed: false }]);
      // Another subscriber of the same partner sees none of them.
      expect((await alerts(newcomer)).json()).toEqual([]);
    });

    it('refuses an unknown filter with 400', async () => {
      expect((await alerts(identity, { filter: 'everything' })).statusCode).toBe(400);
    });
  });

  describe('every monitoring route', () => {
    const calls = (who: Who, userId?: string) => [
      status(who, userId),
      subscribe(who, { partnerId: 'identity' }, userId),
      subscriptions(who, { active: 'true' }, userId),
      alerts(who, { filter: 'complete' }, userId),
    ];

    it("answers another user's id with 404 USER_NOT_FOUND", async () => {
      for (const res of await Promise.all(calls(identity, newcomer.userId))) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('USER_NOT_FOUND');
      }
    });

    it('answers 404 ROUTE_NOT_FOUND to partners without the monitoring configuration', async () => {
      for (const res of await Promise.all(calls(business))) {
        expect(res.statusCode).toBe(404);
        expect(apiErrorSchema.parse(res.json()).code).toBe('ROUTE_NOT_FOUND');
      }
      const rows = await t.database.db
        .select()
        .from(monitoringSubscribers)
        .where(eq(monitoringSubscribers.userId, business.userId));
      expect(rows).toEqual([]);
    });

    it('needs a session', async () => {
      const anonymous = { ...identity, headers: { 'api-key': demoPartner('identity').apiKey } };
      for (const res of await Promise.all(calls(anonymous, identity.userId))) {
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('UNAUTHORISED');
      }
    });
  });
});
