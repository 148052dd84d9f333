import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  apiErrorSchema,
  FRIENDLY_NAME_MAX,
  MONITORED_DATA_TYPES,
  MONITORED_TYPE_DEFAULTS,
  monitoredItemSchema,
  monitoringContracts,
  routeName,
  scanStatusSchema,
  subscriberStatusSchema,
  subscriptionsSchema,
} from '@tern/domain';
import { keysFor } from '../../lib/encryption-for.ts';
import { DEFAULT_PORT, testConfig } from '../../config.ts';
import { DEMO_IDS } from '../../seed/demo-data.ts';
import { demoOrigin } from '../../seed/demo-world.ts';
import { signIn } from '../../../test/sign-in.ts';
import { demoPartner, useTestApp } from '../../../test/app.ts';
import { urlOf } from '../../../test/urls.ts';
import { monitoredItems, monitoringSubscribers } from './tables.ts';

type Who = Awaited<ReturnType<typeof signIn>>;
/** Northbank's demo portal, where the card-entry frame may be placed. */
const portal = demoOrigin(demoPartner('identity'), DEFAULT_PORT);

describe('monitoring API: subscription and items', () => {
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
  const settle = () => t.app.platform.jobs.settled();

  const status = (who: Who, userId = who.userId) =>
    t.app.inject({ url: urlOf(monitoringContracts.status, { userId }), headers: who.headers });
  const scan = (who: Who, userId = who.userId) =>
    t.app.inject({ url: urlOf(monitoringContracts.scan, { userId }), headers: who.headers });
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
  const add = (who: Who, dataType: string, payload: object, userId = who.userId) =>
    t.app.inject({
      method: 'POST',
      url: urlOf(monitoringContracts.addItem, { userId, dataType }),
      headers: who.headers,
      payload,
    });
  const rename = (who: Who, id: string, displayName: string) =>
    t.app.inject({
      method: 'PATCH',
      url: urlOf(monitoringContracts.renameItem, { userId: who.userId, id }),
      headers: who.headers,
      payload: { displayName },
    });
  const remove = (who: Who, id: string) =>
    t.app.inject({
      method: 'DELETE',
      url: urlOf(monitoringContracts.deleteItem, { userId: who.userId, id }),
      headers: who.headers,
    });

  describe(routeName(monitoringContracts.subscribe), () => {
    it('subscribes the user and runs the initial scan as a job, idempotently', async () => {
      expect((await status(newcomer)).json()).toEqual({ subscribed: false, initialScan: false });
      expect(scanStatusSchema.parse((await scan(newcomer)).json()).state).toBe('not_subscribed');
      const first = await subscribe(newcomer);
      expect(first.statusCode).toBe(200);
      expect(subscriberStatusSchema.parse(first.json())).toEqual({
        subscribed: true,
        initialScan: false,
      });
      await settle();
      expect((await status(newcomer)).json()).toEqual({ subscribed: true, initialScan: true });
      const done = scanStatusSchema.parse((await scan(newcomer)).json());
      expect(done).toMatchObject({ state: 'complete', itemsTotal: 0, alertsFound: 0 });
      expect(done.completedAt).not.toBeNull();

      const again = await subscribe(newcomer);
      expect(again.json()).toEqual({ subscribed: true, initialScan: true });
      const rows = await t.database.db
        .select()
        .from(monitoringSubscribers)
        .where(eq(monitoringSubscribers.userId, newcomer.userId));
      expect(rows).toHaveLength(1);
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
        expect(body[type]).toMatchObject(MONITORED_TYPE_DEFAULTS[type]);
      expect(body.EMAIL_ADDRESS.items).toEqual([
        expect.objectContaining({
          id: DEMO_IDS.identityEmail,
          friendlyName: 'Personal email',
          displayValue: 'um****@identity.example.com',
          tokenised: false,
        }),
      ]);
      expect(body.CARD.items).toEqual([
        expect.objectContaining({ displayValue: '**** 4242', tokenised: true }),
      ]);
      // Neither the value, nor its hash or vault token, ever leaves the server.
      expect(res.body).not.toMatch(/uma\.user|4242424242424242|tok_demo|fingerprint|v1\./i);
    });
  });

  describe(routeName(monitoringContracts.addItem), () => {
    it('keeps a value encrypted and keyed-hashed, and answers it masked', async () => {
      const res = await add(newcomer, 'EMAIL_ADDRESS', {
        displayName: 'Work email',
        displayValue: 'whatever the portal shows',
        value: ' Ada.Lovelace@Example.org ',
        token: 'No',
      });
      expect(res.statusCode).toBe(201);
      const item = monitoredItemSchema.parse(res.json());
      expect(item).toMatchObject({
        dataType: 'EMAIL_ADDRESS',
        friendlyName: 'Work email',
        displayValue: 'ad****@example.org',
        tokenised: false,
      });
      const [row] = await t.database.db
        .select()
        .from(monitoredItems)
        .where(eq(monitoredItems.id, item.id));
      const { encryption, fingerprints } = keysFor(testConfig());
      expect(JSON.stringify(row)).not.toMatch(/lovelace/i);
      expect(encryption.decrypt(row!.valueEncrypted!)).toBe('ada.lovelace@example.org');
      // The same address typed another way hashes the same: that is what breaches match.
      expect(row!.valueFingerprint).toBe(
        fingerprints.of('EMAIL_ADDRESS', 'ADA.LOVELACE@example.org'),
      );
      expect(res.body).not.toMatch(/lovelace/i);
    });

    it('checks each type against the formats of the partner’s countries, as the form does', async () => {
      const refused = async (dataType: string, value: string, message: string) => {
        const res = await add(newcomer, dataType, { displayName: 'Mine', value });
        expect(res.statusCode, `${dataType} ${value}`).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'INVALID_PARAMS',
          field: 'value',
          details: [{ field: 'value', message }],
        });
        if (value) expect(res.body).not.toContain(value);
      };
      await refused('PASSPORT', 'GB92507647', 'validation.invalidPassport');
      await refused('NATIONAL_ID', '946 454 286', 'validation.invalidNationalId');
      await refused('NATIONAL_ID', '12345678A', 'validation.invalidNationalId');
      await refused('MEDICAL_ID', '943 476 5918', 'validation.invalidMedicalId');
      await refused('DRIVING_LICENCE', 'MORGA7531', 'validation.invalidDrivingLicence');
      await refused('PHONE_NUMBER', '12', 'validation.invalidPhoneNumber');
      await refused('EMAIL_ADDRESS', 'ada@', 'validation.inv_email');
      await refused('IBAN', 'GB29 NWBK 6016 1331 9268 18', 'validation.invalid');
      await refused('PASSPORT', '', 'validation.required');

      const passport = await add(newcomer, 'PASSPORT', {
        displayName: 'UK passport',
        value: '925076473',
      });
      expect(passport.statusCode).toBe(201);
      // Nine digits are a British and an American passport number alike: no one country.
      expect(passport.json()).toMatchObject({ displayValue: '****6473', country: null });
      const nir = await add(newcomer, 'NATIONAL_ID', {
        displayName: 'NIR',
        value: '2 95 10 99 126 111 93',
      });
      expect(nir.json()).toMatchObject({ displayValue: '****1193', country: 'FR' });
    });

    it('refuses a description over 200 characters or none, with maxCharacters', async () => {
      const long = await add(newcomer, 'PHONE_NUMBER', {
        displayName: 'x'.repeat(FRIENDLY_NAME_MAX + 1),
        value: '+44 7911 123456',
      });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({
        field: 'displayName',
        details: [{ message: 'validation.maxCharacters' }],
      });
      const none = await add(newcomer, 'PHONE_NUMBER', {
        displayName: ' ',
        value: '+44 7911 123456',
      });
      expect(none.json()).toMatchObject({
        field: 'displayName',
        details: [{ message: 'validation.required' }],
      });
    });

    it('refuses a type past its maxAllowed with 409 SUBSCRIPTION_FULL, and a value twice', async () => {
      // NATIONAL_ID allows one: the NIR above holds it.
      const full = await add(newcomer, 'NATIONAL_ID', { displayName: 'SIN', value: '046 454 286' });
      expect(full.statusCode).toBe(409);
      expect(full.json().code).toBe('SUBSCRIPTION_FULL');
      const twice = await add(newcomer, 'PASSPORT', { displayName: 'Again', value: '925 076 473' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBe('DUPLICATE_ENTRY');
      // Two adds at once for the last place: one wins.
      const phones = await Promise.all(
        ['+44 7911 123456', '+44 7911 123457', '+44 7911 123458', '+44 7911 123459'].map((value) =>
          add(newcomer, 'PHONE_NUMBER', { displayName: 'Phone', value }),
        ),
      );
      expect(phones.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 409]);
    });

    it('takes a card only as a card-vault token from the frame', async () => {
      const res = await add(newcomer, 'CARD', { displayName: 'Visa', value: '4242424242424242' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'CARD_TOKEN_INVALID', field: 'token' });
      const forged = await add(newcomer, 'CARD', { displayName: 'Visa', token: 'tok_forged' });
      expect(forged.json().code).toBe('CARD_TOKEN_INVALID');
      expect(res.body + forged.body).not.toContain('4242424242424242');
    });

    it('answers an unknown data type with 400', async () => {
      const res = await add(newcomer, 'SHOE_SIZE', { displayName: 'x', value: '42' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'dataType' });
    });
  });

  describe('renaming and deleting items', () => {
    it("renames and deletes the user's own items; another user's answer 404", async () => {
      const renamed = await rename(identity, DEMO_IDS.identityEmail, 'Home email');
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({
        friendlyName: 'Home email',
        displayName: 'Home email',
      });
      const stranger = await rename(newcomer, DEMO_IDS.identityEmail, 'Mine now');
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().code).toBe('ITEM_NOT_FOUND');
      expect((await remove(newcomer, DEMO_IDS.identityEmail)).statusCode).toBe(404);

      const phone = subscriptionsSchema.parse((await subscriptions(newcomer)).json()).PHONE_NUMBER
        .items[0]!;
      const gone = await remove(newcomer, phone.id);
      expect(gone.json()).toEqual({ id: phone.id, deleted: true });
      expect((await remove(newcomer, phone.id)).statusCode).toBe(404);
      const [row] = await t.database.db
        .select()
        .from(monitoredItems)
        .where(eq(monitoredItems.id, phone.id));
      // Its value is gone with it; the masked form stays for its alerts' history.
      expect(row).toMatchObject({ active: false, valueEncrypted: null });
      const left = subscriptionsSchema.parse((await subscriptions(newcomer)).json());
      expect(left.PHONE_NUMBER.items.map((i) => i.id)).not.toContain(phone.id);
    });
  });

  describe(routeName(monitoringContracts.cardFrame), () => {
    const frame = (who: Who, origin: string, userId = who.userId) =>
      t.app.inject({
        method: 'POST',
        url: urlOf(monitoringContracts.cardFrame, { id: userId }),
        headers: who.headers,
        payload: { origin, css: 'input { color: #221533; }' },
      });

    it("gives a frame address on the vault's own origin for the partner's portal only", async () => {
      const res = await frame(identity, portal);
      expect(res.statusCode).toBe(200);
      const { url, expiresAt } = res.json<{ url: string; expiresAt: string }>();
      expect(new URL(url).origin).toBe(t.app.platform.cardVault.origin);
      expect(new URL(url).origin).not.toBe(portal);
      expect(Date.parse(expiresAt)).toBeGreaterThan(t.clock.now().getTime());
      const elsewhere = await frame(identity, 'https://evil.example');
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json().code).toBe('ORIGIN_NOT_ALLOWED');
      expect((await frame(identity, portal, newcomer.userId)).statusCode).toBe(404);
    });

    it('refuses style sheets that could load from elsewhere', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: urlOf(monitoringContracts.cardFrame, { id: identity.userId }),
        headers: identity.headers,
        payload: { origin: portal, css: 'body{background:url(//x.test/a)}' },
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('every monitoring route', () => {
    const calls = (who: Who, userId?: string) => [
      status(who, userId),
      scan(who, userId),
      subscribe(who, { partnerId: 'identity' }, userId),
      subscriptions(who, { active: 'true' }, userId),
      add(who, 'EMAIL_ADDRESS', { displayName: 'x', value: 'x@example.com' }, userId),
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
