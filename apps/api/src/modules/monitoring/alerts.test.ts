import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  alertActionsSchema,
  monitoringAlertDetailsSchema,
  monitoringAlertListSchema,
  monitoringAlertSchema,
  monitoringContracts,
  routeName,
  scanStatusSchema,
  subscriptionsSchema,
  type Breach,
  type MonitoredDataType,
} from '@tern/domain';
import { plantBreach } from '../../providers/breaches/simulator/index.ts';
import { DEMO_IDS } from '../../seed/demo-data.ts';
import { demoEmail } from '../../seed/demo-world.ts';
import { messagesTo } from '../../../test/accounts.ts';
import { databaseText } from '../../../test/dump.ts';
import { signIn } from '../../../test/sign-in.ts';
import { useTestApp } from '../../../test/app.ts';
import { urlOf } from '../../../test/urls.ts';
import { typeInFrame } from '../../providers/card-vault/simulator/test-vault.ts';
import { announceBreaches } from './index.ts';
import { monitoringAlerts } from './tables.ts';

type Who = Awaited<ReturnType<typeof signIn>>;
const DEMO_EMAIL = 'uma.user@identity.example.com';
const DEMO_CARD = '4242424242424242';

const facts = (name: string, over: Partial<Omit<Breach, 'addedDate'>> = {}) => ({
  name,
  title: name,
  domain: `${name.toLowerCase()}.example`,
  breachDate: '2026-10-01',
  dataClasses: ['Email addresses'],
  description: `${name} lost its customer list.`,
  isVerified: true,
  isFabricated: false,
  isSpamList: false,
  isSensitive: false,
  ...over,
});

describe('monitoring API: breaches, alerts and action plans', () => {
  const t = useTestApp();
  let identity: Who;
  let other: Who;
  beforeAll(async () => {
    identity = await signIn(t, 'identity');
    other = await signIn(t, 'identity', 'admin');
  });
  const settle = () => t.app.platform.jobs.settled();
  const plant = async (
    name: string,
    records: { dataType: MonitoredDataType; value: string }[],
    over: Partial<Omit<Breach, 'addedDate'>> = {},
  ) => {
    await plantBreach(t.database.db, t.app.platform, facts(name, over), records);
    await announceBreaches(t.database);
    await settle();
  };
  const get = (who: Who, url: string) => t.app.inject({ url, headers: who.headers });
  const alerts = async (who: Who, filter = 'complete') =>
    monitoringAlertListSchema.parse(
      (
        await get(who, urlOf(monitoringContracts.alerts, { userId: who.userId }, { filter }))
      ).json(),
    );
  const alertUrl = (
    contract: 'alert' | 'actions' | 'setAction' | 'updateAlert' | 'replaceCard',
    alertId: string,
    who = identity,
  ) => urlOf(monitoringContracts[contract], { userId: who.userId, alertId });

  it('raises one alert for a monitored email found in a new breach, and emails its owner', async () => {
    await plant(
      'ExampleShop',
      [{ dataType: 'EMAIL_ADDRESS', value: ' Uma.User@identity.example.com' }],
      {
        dataClasses: ['Email addresses', 'Passwords'],
      },
    );
    const [alert, ...rest] = await alerts(identity);
    expect(rest).toEqual([]);
    expect(alert).toMatchObject({
      itemId: DEMO_IDS.identityEmail,
      dataType: 'EMAIL_ADDRESS',
      displayValue: 'um****@identity.example.com',
      title: 'ExampleShop',
      severity: { level: 'high', reasons: ['password_exposed'] },
      breach: {
        name: 'ExampleShop',
        isVerified: true,
        dataClasses: ['Email addresses', 'Passwords'],
      },
      completed: false,
    });
    const [message] = await messagesTo(t, demoEmail('identity'));
    expect(message).toMatchObject({ template: 'monitoring-alert' });
    expect(message!.text).toContain('um****@identity.example.com');
    expect(message!.text).not.toContain(DEMO_EMAIL);
    // The item's row on the monitored-data page carries it (its action-plan entry shows).
    const data = subscriptionsSchema.parse(
      (
        await get(
          identity,
          urlOf(monitoringContracts.subscriptions, { userId: identity.userId }, { active: 'true' }),
        )
      ).json(),
    );
    expect(data.EMAIL_ADDRESS.items[0]!.alerts).toEqual([
      { alertId: alert!.alertId, completed: false },
    ]);
  });

  it('raises it once however many readers read the breach at the same time', async () => {
    await plantBreach(t.database.db, t.app.platform, facts('DoubleRead'), [
      { dataType: 'EMAIL_ADDRESS', value: DEMO_EMAIL },
    ]);
    await Promise.all([announceBreaches(t.database), settle()]);
    await Promise.all([
      t.app.platform.jobs.add((await import('./jobs.ts')).monitoringJobs['read-breaches'], {}),
      t.app.platform.jobs.add(
        (await import('./jobs.ts')).monitoringJobs['read-breaches'],
        {},
        { key: 'second' },
      ),
    ]);
    await settle();
    const rows = await t.database.db
      .select()
      .from(monitoringAlerts)
      .where(eq(monitoringAlerts.breachName, 'DoubleRead'));
    expect(rows).toHaveLength(1);
  });

  it('ranks a card with its security code above an email in a spam list, marking the doubtful', async () => {
    await plant('SpamCollection', [{ dataType: 'EMAIL_ADDRESS', value: DEMO_EMAIL }], {
      isSpamList: true,
      isVerified: false,
    });
    await plant('CardMarket', [{ dataType: 'CARD', value: DEMO_CARD }], {
      dataClasses: ['Credit cards', 'Credit card CVV'],
    });
    const list = await alerts(identity);
    expect(list[0]).toMatchObject({
      dataType: 'CARD',
      displayValue: '**** 4242',
      severity: { level: 'critical', reasons: ['card_with_expiry_or_code'] },
    });
    const spam = list.find((a) => a.breach.name === 'SpamCollection')!;
    expect(spam.severity.level).toBe('low');
    expect(spam.severity.reasons).toContain('spam_list');
    expect(spam.breach).toMatchObject({ isSpamList: true, isVerified: false });
    expect(list.at(-1)!.breach.name).toBe('SpamCollection');
    expect(JSON.stringify(list)).not.toContain(DEMO_CARD);
  });

  it('answers one alert as a list, and its action plan for the partner’s countries', async () => {
    const card = (await alerts(identity))[0]!;
    const one = monitoringAlertDetailsSchema.parse(
      (await get(identity, alertUrl('alert', card.alertId))).json(),
    );
    expect(one).toHaveLength(1);
    expect(one[0]!.alertId).toBe(card.alertId);
    const steps = alertActionsSchema.parse(
      (await get(identity, alertUrl('actions', card.alertId))).json(),
    );
    // Northbank issues its cards: ordering a new one comes first, done from the portal.
    expect(steps[0]).toMatchObject({
      actionItem: 'card_order_replacement',
      partnerAction: 'card_order_replacement',
      completed: false,
    });
    expect(steps.map((s) => s.actionItem)).toContain('card_freeze');
  });

  it('marks steps done and not done, refusing a step the plan does not have', async () => {
    const email = (await alerts(identity)).find((a) => a.breach.name === 'ExampleShop')!;
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: alertUrl('setAction', email.alertId),
        headers: identity.headers,
        payload,
      });
    const done = await put({
      actionItem: 'email_change_password',
      completed: true,
      completedOn: '2026-11-20T10:00:00.000Z',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      actionItem: 'email_change_password',
      completed: true,
      completedOn: '2026-11-20T10:00:00.000Z',
    });
    await put({ actionItem: 'email_turn_on_mfa', completed: true });
    await put({ actionItem: 'email_turn_on_mfa', completed: false });
    const again = (await alerts(identity)).find((a) => a.alertId === email.alertId)!;
    expect(again).toMatchObject({ actionsCompleted: 1 });
    expect(again.actionsTotal).toBeGreaterThan(2);
    const unknown = await put({ actionItem: 'passport_gb_report_hmpo', completed: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'actionItem' });
    expect((await put({ actionItem: 'x', completed: 'yes' })).statusCode).toBe(400);
  });

  it('closes an alert as "this isn’t me" with the reason, out of the open ones', async () => {
    const spam = (await alerts(identity)).find((a) => a.breach.name === 'SpamCollection')!;
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: alertUrl('updateAlert', spam.alertId),
        headers: identity.headers,
        payload,
      });
    const bad = await patch({ completed: true, dismissal: { reason: 'because' } });
    expect(bad.statusCode).toBe(400);
    const res = await patch({
      completed: false,
      dismissal: { reason: 'never_used_service', note: 'Never heard of it' },
    });
    expect(res.statusCode).toBe(200);
    expect(monitoringAlertSchema.parse(res.json())).toMatchObject({
      completed: true,
      dismissal: { reason: 'never_used_service', note: 'Never heard of it' },
    });
    expect((await alerts(identity, 'open')).map((a) => a.alertId)).not.toContain(spam.alertId);
    const reopened = await patch({ completed: false });
    expect(reopened.json()).toMatchObject({ completed: false, completedOn: null, dismissal: null });
  });

  it("orders a replacement card once from a card alert, telling the partner's card team", async () => {
    const list = await alerts(identity);
    const card = list.find((a) => a.dataType === 'CARD')!;
    const order = () =>
      t.app.inject({
        method: 'POST',
        url: alertUrl('replaceCard', card.alertId),
        headers: identity.headers,
      });
    const first = await order();
    expect(first.statusCode).toBe(200);
    const { reference } = first.json<{ reference: string }>();
    expect(reference).toMatch(/^CR-[0-9A-F]{8}$/);
    expect((await order()).json().reference).toBe(reference);
    const staff = (await messagesTo(t, 'support@identity.example.com')).filter(
      (m) => m.template === 'card-replacement',
    );
    expect(staff).toHaveLength(1);
    expect(staff[0]!.text).toContain(reference);
    const steps = alertActionsSchema.parse(
      (await get(identity, alertUrl('actions', card.alertId))).json(),
    );
    expect(steps[0]).toMatchObject({ actionItem: 'card_order_replacement', completed: true });
    const email = list.find((a) => a.dataType === 'EMAIL_ADDRESS')!;
    const refused = await t.app.inject({
      method: 'POST',
      url: alertUrl('replaceCard', email.alertId),
      headers: identity.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CARD_REPLACEMENT_UNAVAILABLE');
  });

  it('checks a new item against the breaches known, and a new subscriber’s items in the initial scan', async () => {
    const leaked = 'grace.hopper@example.org';
    await plant('OldForum', [{ dataType: 'EMAIL_ADDRESS', value: leaked }]);
    // Adding the first item subscribes the user: the initial scan and the item's own scan run.
    const added = await t.app.inject({
      method: 'POST',
      url: urlOf(monitoringContracts.addItem, { userId: other.userId, dataType: 'EMAIL_ADDRESS' }),
      headers: other.headers,
      payload: { displayName: 'Old address', value: leaked, token: 'No' },
    });
    expect(added.statusCode).toBe(201);
    await settle();
    const found = await alerts(other);
    expect(found.map((a) => a.breach.name)).toEqual(['OldForum']);
    const scan = scanStatusSchema.parse(
      (await get(other, urlOf(monitoringContracts.scan, { userId: other.userId }))).json(),
    );
    expect(scan).toMatchObject({ state: 'complete', itemsTotal: 1, itemsScanned: 1 });
  });

  it('takes a card typed in the vault’s frame, finds it in a breach by its keyed hash alone', async () => {
    const leaked = '5555 5555 5555 4444';
    await plant('CardDump', [{ dataType: 'CARD', value: leaked }], {
      dataClasses: ['Credit cards', 'Dates of birth'],
    });
    const frame = await t.app.inject({
      method: 'POST',
      url: urlOf(monitoringContracts.cardFrame, { id: other.userId }),
      headers: other.headers,
      payload: { origin: 'http://identity.localhost:3000', css: '' },
    });
    expect(frame.statusCode).toBe(200);
    const token = await typeInFrame(t.app, frame.json<{ url: string }>().url, leaked);
    expect(token).toMatch(/^tok_/);
    const add = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: urlOf(monitoringContracts.addItem, { userId: other.userId, dataType: 'CARD' }),
        headers: other.headers,
        payload,
      });
    // Another user cannot redeem it, and it is redeemed once.
    const stolen = await t.app.inject({
      method: 'POST',
      url: urlOf(monitoringContracts.addItem, { userId: identity.userId, dataType: 'CARD' }),
      headers: identity.headers,
      payload: { displayName: 'Not mine', token },
    });
    expect(stolen.json().code).toBe('CARD_TOKEN_INVALID');
    const card = await add({
      displayName: 'Mastercard',
      displayValue: '**** 4444',
      value: '',
      token,
    });
    expect(card.statusCode).toBe(201);
    expect(card.json()).toMatchObject({ displayValue: '**** 4444', tokenised: true });
    expect((await add({ displayName: 'Again', token })).json().code).toBe('CARD_TOKEN_INVALID');
    await settle();
    const found = (await alerts(other)).find((a) => a.breach.name === 'CardDump');
    expect(found).toMatchObject({ dataType: 'CARD', displayValue: '**** 4444' });
    // Nowhere in the database, in any form typed.
    const dump = await databaseText(t.database.pool);
    expect(dump).not.toContain('5555555555554444');
    expect(dump).not.toContain(leaked);
  });

  it("answers another user's alert with 404 ALERT_NOT_FOUND on every alert route", async () => {
    const mine = (await alerts(identity))[0]!;
    const asOther = (
      contract: 'alert' | 'actions' | 'setAction' | 'updateAlert' | 'replaceCard',
      method: string,
      payload?: object,
    ) =>
      t.app.inject({
        method: method as 'GET',
        url: urlOf(monitoringContracts[contract], { userId: other.userId, alertId: mine.alertId }),
        headers: other.headers,
        ...(payload ? { payload } : {}),
      });
    for (const res of [
      await asOther('alert', 'GET'),
      await asOther('actions', 'GET'),
      await asOther('setAction', 'PUT', { actionItem: 'card_freeze', completed: true }),
      await asOther('updateAlert', 'PATCH', { completed: true }),
      await asOther('replaceCard', 'POST'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ALERT_NOT_FOUND');
    }
  });

  describe(routeName(monitoringContracts.alerts), () => {
    it('refuses an unknown filter with 400', async () => {
      const res = await get(
        identity,
        urlOf(monitoringContracts.alerts, { userId: identity.userId }, { filter: 'all' }),
      );
      expect(res.statusCode).toBe(400);
    });
  });
});
