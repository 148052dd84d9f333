import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  alertPeriods,
  claimHistorySchema,
  claimsContracts,
  insuredItemListSchema,
  itemAlertSchema,
  paymentListSchema,
  payoutsContracts,
  type ItemAlert,
} from '@tern/domain';
import { DEMO_IDS } from '../../seed/demo-data.ts';
import { demoEmail } from '../../seed/demo-world.ts';
import { actingFor, messagesTo } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/app.ts';
import { callAs, expectApiError } from '../../../test/calls.ts';
import { signIn, unknownUserId } from '../../../test/sign-in.ts';
import {
  addBusinessAccount,
  connectBank,
  openedClaims,
  trigger,
  uploadDisputeFile,
} from '../../../test/claims.ts';
import { claimsJobs } from './jobs.ts';
import { UNDERWRITING_TOLERANCE } from './underwriting.ts';
import { itemAlerts } from './tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('parametric claims, from the trigger to the payment', () => {
  const t = useTestApp();
  const call = callAs(t);
  let owner: Awaited<ReturnType<typeof signIn>>;
  let colleague: Awaited<ReturnType<typeof signIn>>;
  let traveller: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    // The demo world's clock: a month after the seeded claim, so its first months have closed.
    t.clock.advance(Date.parse('2026-11-26T10:00:00Z') - t.clock.now().getTime());
    owner = await signIn(t, 'business');
    colleague = await signIn(t, 'business', 'agent');
    traveller = await signIn(t, 'travel');
  });

  const itemPath = { itemId: DEMO_IDS.cafe };
  const claimOf = async (alertId: string): Promise<ItemAlert> => {
    const res = await call(claimsContracts.alerts, owner, {
      query: { itemId: DEMO_IDS.cafe, alertId },
    });
    return itemAlertSchema.parse(res.json()[0]);
  };
  const prediction = (claim: ItemAlert) =>
    claim.datasets.find((d) => d.name === 'USER-REVENUE-PREDICTION')!;
  const offer = (claim: ItemAlert) => claim.datasets.find((d) => d.name === 'CUSTOMER-OFFER')!;
  const settle = () => t.app.platform.jobs.settled();
  /** Moves the clock, and signs in again (a session lasts an hour). */
  const advance = async (ms: number) => {
    t.clock.advance(ms);
    owner = await signIn(t, 'business');
  };

  describe('the bank connection', () => {
    it('is asked for while BANKING is required and not granted, then granted through the bank', async () => {
      const before = insuredItemListSchema.parse((await call(claimsContracts.items, owner)).json());
      expect(before[0]!.permissions[0]).toMatchObject({ granted: false, consent: null });
      const items = await connectBank(t, owner);
      expect(items[0]!.permissions[0]).toMatchObject({ permission: 'BANKING', granted: true });
      const consent = items[0]!.permissions[0]!.consent!;
      expect(consent.accounts.length).toBeGreaterThan(0);
      expect(consent.accounts[0]!.accountNumber).toMatch(/^\*+\d{4}$|•+\d{4}$|\d{4}$/);
      expect(Date.parse(consent.expiresAt) - Date.parse(consent.grantedAt)).toBe(90 * DAY_MS);
    });

    it('refuses an answer whose state is not the journey’s, and a journey finished already', async () => {
      const start = await call(claimsContracts.startConsent, owner, { body: {} });
      expect(start.statusCode).toBe(201);
      const { consentId } = start.json();
      expectApiError(
        await call(claimsContracts.completeConsent, owner, {
          params: { consentId },
          body: { code: 'made-up', state: 'not-the-state' },
        }),
        400,
        'CONSENT_REFUSED',
      );
      expectApiError(
        await call(claimsContracts.completeConsent, colleague, {
          params: { consentId },
          body: { code: 'x', state: 'y' },
        }),
        404,
        'CONSENT_NOT_FOUND',
      );
    });

    it('is reconfirmed in the portal for 90 more days, and lapses to not connected', async () => {
      const [item] = insuredItemListSchema.parse((await call(claimsContracts.items, owner)).json());
      const { consentId } = item!.permissions[0]!.consent!;
      await advance(80 * DAY_MS);
      const reconfirmed = insuredItemListSchema.parse(
        (await call(claimsContracts.reconfirmConsent, owner, { params: { consentId } })).json(),
      );
      const expires = Date.parse(reconfirmed[0]!.permissions[0]!.consent!.expiresAt);
      expect(expires - t.clock.now().getTime()).toBe(90 * DAY_MS);
      await advance(91 * DAY_MS);
      const lapsed = insuredItemListSchema.parse((await call(claimsContracts.items, owner)).json());
      expect(lapsed[0]!.permissions[0]!.granted).toBe(false);
      expectApiError(
        await call(claimsContracts.reconfirmConsent, owner, { params: { consentId } }),
        409,
        'CLAIM_STEP_INVALID',
      );
      // Back to the test's day, and connected again for what follows.
      await advance(-171 * DAY_MS);
      await connectBank(t, owner);
    });
  });

  describe('a trigger', () => {
    it('opens one claim per item and event, however often the feed is read, and emails the customer', async () => {
      const before = await openedClaims(t);
      const eventAt = '2026-11-02T06:30:00.000Z';
      await trigger(t, {
        businessRef: DEMO_IDS.cafe,
        type: 'flood',
        measuredValue: 45,
        at: eventAt,
      });
      await Promise.all([
        t.app.platform.jobs.add(claimsJobs['read-triggers'], {}),
        t.app.platform.jobs.add(claimsJobs['read-triggers'], {}),
      ]);
      await settle();
      await t.app.platform.jobs.add(claimsJobs['read-triggers'], {});
      await settle();
      const after = await openedClaims(t);
      expect(after - before).toBe(1);
      const emails = await messagesTo(t, demoEmail('business'));
      expect(emails.filter((m) => m.template === 'claim-update')).toHaveLength(1);
      const [claim] = (await call(claimsContracts.alerts, owner, { query: { active: 'true' } }))
        .json()
        .map((c: unknown) => itemAlertSchema.parse(c))
        .filter((c: ItemAlert) => c.alertDate === eventAt);
      expect(claim).toMatchObject({
        alertType: 'FLOOD',
        status: 'prediction',
        trigger: { type: 'flood', measuredValue: 45, threshold: 30, unit: 'cm' },
        data: { currency: 'GBP', profitMargin: 35, retention: 50_000, applicableLimit: 2_500_000 },
        assigneeDetails: { firstname: 'Priya' },
        brokerAssignee: 'broker@harbour-mutual.example.com',
      });
      expect(claim!.claimNumber).toMatch(/^HM-CLM-2026-\d{4}$/);
      // Prefilled from the bank: one month per period, each with how it was worked out.
      const rows = prediction(claim).data;
      expect(rows.map((r) => `${r.year}-${r.month}`)).toEqual(
        alertPeriods(eventAt).map((p) => `${p.year}-${p.month}`),
      );
      expect(rows.every((r) => r.revenue! > 0 && r.basis !== undefined)).toBe(true);
    });

    it('opens nothing below the cover’s threshold', async () => {
      const before = await openedClaims(t);
      await trigger(t, { businessRef: DEMO_IDS.cafe, type: 'flood', measuredValue: 29 });
      await trigger(t, { businessRef: DEMO_IDS.cafe, type: 'outage', measuredValue: 239 });
      // Events at places Tern covers no business of are passed over, not in the feed's way.
      await trigger(t, { businessRef: 'gauge-531160', type: 'flood', measuredValue: 90 });
      await trigger(t, { businessRef: unknownUserId, type: 'flood', measuredValue: 90 });
      await t.app.platform.jobs.add(claimsJobs['read-triggers'], {});
      await settle();
      expect(await openedClaims(t)).toBe(before);
    });
  });

  describe('the workflow of a claim', () => {
    let alertId: string;
    const path = () => ({ ...itemPath, alertId });
    beforeAll(async () => {
      const rows = await t.database.db
        .select({ id: itemAlerts.id })
        .from(itemAlerts)
        .where(eq(itemAlerts.alertType, 'FLOOD'));
      alertId = rows[0]!.id;
    });

    it('refuses a prediction without every month, or with another month', async () => {
      const claim = await claimOf(alertId);
      const rows = prediction(claim).data.map(({ year, month, revenue }) => ({
        year,
        month,
        revenue: revenue!,
      }));
      const datasetId = prediction(claim).datasetId;
      for (const data of [
        rows.slice(1),
        [...rows.slice(1), { year: 2030, month: 1, revenue: 1 }],
        [...rows, rows[0]!],
      ])
        expectApiError(
          await call(claimsContracts.updateDataset, owner, {
            params: { ...path(), datasetId },
            body: { data, completed: true },
          }),
          400,
          'INVALID_PARAMS',
          'data',
        );
      expectApiError(
        await call(claimsContracts.updateDataset, owner, {
          params: { ...path(), datasetId },
          body: { data: rows.map((r) => ({ ...r, revenue: -1 })), completed: true },
        }),
        400,
        'INVALID_PARAMS',
      );
    });

    it('hides the claim from another policyholder and from another partner’s customer', async () => {
      const claim = await claimOf(alertId);
      const datasetId = prediction(claim).datasetId;
      const body = {
        data: prediction(claim).data.map(({ year, month }) => ({ year, month, revenue: 1 })),
        completed: false,
      };
      expectApiError(
        await call(claimsContracts.updateDataset, colleague, {
          params: { ...path(), datasetId },
          body,
        }),
        404,
        'ALERT_NOT_FOUND',
      );
      expectApiError(
        await call(claimsContracts.history, colleague, { params: { alertId } }),
        404,
        'ALERT_NOT_FOUND',
      );
      expectApiError(
        await call(claimsContracts.updateDataset, traveller, {
          params: { ...path(), datasetId },
          body,
        }),
        404,
        'ROUTE_NOT_FOUND',
      );
    });

    it('submits the prediction, and the offer lowers a month well above the bank history, saying why', async () => {
      const claim = await claimOf(alertId);
      const rows = prediction(claim).data.map(({ year, month, revenue }) => ({
        year,
        month,
        revenue: revenue!,
      }));
      // The second month claimed at twice what the bank history leads to expect.
      rows[1] = { ...rows[1]!, revenue: rows[1]!.revenue * 2 };
      const res = await call(claimsContracts.updateDataset, owner, {
        params: { ...path(), datasetId: prediction(claim).datasetId },
        body: { data: rows, completed: true },
      });
      expect(res.statusCode).toBe(200);
      expect(itemAlertSchema.parse(res.json())).toMatchObject({ status: 'prediction' });
      await settle();
      const offered = await claimOf(alertId);
      expect(offered.status).toBe('USER-CONFIRM-OFFER');
      expect(offer(offered).completed).toBe(true);
      const changed = offer(offered).data[1]!;
      expect(changed.reason).toBe('above_history');
      expect(changed.previous).toBe(rows[1].revenue);
      expect(changed.revenue).toBe(Math.round(changed.expected! * (1 + UNDERWRITING_TOLERANCE)));
      expect(offer(offered).data[0]!.reason).toBe('kept');
      // Out of its step now.
      expectApiError(
        await call(claimsContracts.updateDataset, owner, {
          params: { ...path(), datasetId: prediction(claim).datasetId },
          body: { data: rows, completed: true },
        }),
        409,
        'CLAIM_STEP_INVALID',
      );
    });

    it('lets an agent acting for the customer help, on the timeline as the agent', async () => {
      const agent = await signIn(t, 'business', 'agent');
      const acting = {
        userId: owner.userId,
        headers: await actingFor(t, agent, owner.userId, 'business'),
      };
      const month = offer(await claimOf(alertId)).data[2]!;
      await uploadDisputeFile(t, acting, {
        ...path(),
        year: month.year,
        month: month.month,
        name: 'bank-letter.pdf',
      });
      const res = await call(claimsContracts.history, acting, { params: { alertId } });
      const added = claimHistorySchema
        .parse(res.json())
        .events.find((e) => e.kind === 'file-added' && e.details.name === 'bank-letter.pdf');
      expect(added?.actor).toBe('agent');
    });

    it('refuses to reject a first offer outright: it is disputed', async () => {
      expectApiError(
        await call(claimsContracts.updateAlert, owner, {
          params: path(),
          body: { completed: true },
        }),
        409,
        'CLAIM_STEP_INVALID',
      );
    });

    it('takes a dispute with files per month, refusing a sixth file and a month not the claim’s', async () => {
      const claim = await claimOf(alertId);
      const month = offer(claim).data[1]!;
      const files = [];
      for (let i = 0; i < 5; i++)
        files.push(
          await uploadDisputeFile(t, owner, {
            ...path(),
            year: month.year,
            month: month.month,
            name: `invoice-${i}.pdf`,
          }),
        );
      const sixth = await uploadDisputeFile(
        t,
        owner,
        { ...path(), year: month.year, month: month.month, name: 'sixth.pdf' },
        false,
      );
      expectApiError(sixth, 409, 'CLAIM_STEP_INVALID');
      const other = await uploadDisputeFile(
        t,
        owner,
        { ...path(), year: 2030, month: 1, name: 'x.pdf' },
        false,
      );
      expectApiError(other, 400, 'INVALID_PARAMS', 'month');
      expectApiError(
        await call(claimsContracts.addDataset, owner, {
          params: path(),
          body: {
            name: 'USER-DISPUTE',
            access: 'USER',
            step: 'OFFER',
            data: [{ year: month.year, month: month.month, notes: ' ', attachments: [] }],
          },
        }),
        400,
        'INVALID_PARAMS',
      );
      const res = await call(claimsContracts.addDataset, owner, {
        params: path(),
        body: {
          name: 'USER-DISPUTE',
          access: 'USER',
          step: 'OFFER',
          data: [
            {
              year: month.year,
              month: month.month,
              notes: 'Our takings that month are on the invoices',
              attachments: files
                .slice(0, 2)
                .map((f) => ({ documentId: f.documentId, name: f.name })),
            },
          ],
        },
      });
      expect(res.statusCode).toBe(201);
      expect(itemAlertSchema.parse(res.json()).status).toBe('USER-CONFIRM-DISPUTE');
      await settle();
      const adjusted = await claimOf(alertId);
      expect(offer(adjusted).completed).toBe(true);
      expect(offer(adjusted).data[1]).toMatchObject({
        reason: 'evidence_accepted',
        previous: month.revenue,
        revenue: month.previous,
      });
    });

    it('accepts the adjusted offer: the months closed so far are worked out from the bank', async () => {
      const res = await call(claimsContracts.updateAlert, owner, {
        params: path(),
        body: { confirmed: true },
      });
      expect(res.statusCode).toBe(200);
      const claim = itemAlertSchema.parse(res.json());
      expect(claim).toMatchObject({ status: 'OFFER-ACCEPTED', confirmed: true });
      expect(claim.payouts).toHaveLength(alertPeriods(claim.alertDate).length);
      // November 2026 has not closed on the 26th: every row waits.
      expect(claim.payouts.every((p) => p.status === 'FUTURE')).toBe(true);
    });

    it('moves a month on by itself when it closes, and pays it once however often details are sent', async () => {
      await advance(Date.parse('2026-12-01T00:05:00Z') - t.clock.now().getTime());
      await t.app.platform.jobs.add(claimsJobs['close-months'], {});
      await settle();
      const claim = await claimOf(alertId);
      const [first, second] = claim.payouts;
      expect(first).toMatchObject({ status: 'PAYMENT-DETAILS' });
      expect(first!.actualRevenue).toBeLessThan(first!.predictedRevenue!);
      expect(first!.amountPayable).toBeGreaterThan(0);
      expect(second!.status).toBe('FUTURE');
      const payoutMethodId = await addBusinessAccount(t, owner);
      const details = { status: 'SENT', contactNumber: '+447911123456', payoutMethodId };
      expectApiError(
        await call(claimsContracts.updatePayout, owner, {
          params: { ...path(), payoutId: second!.payoutId },
          body: details,
        }),
        409,
        'CLAIM_STEP_INVALID',
      );
      expectApiError(
        await call(claimsContracts.updatePayout, owner, {
          params: { ...path(), payoutId: first!.payoutId },
          body: { ...details, contactNumber: '12' },
        }),
        400,
        'INVALID_PARAMS',
      );
      const sends = await Promise.all(
        [1, 2, 3].map(() =>
          call(claimsContracts.updatePayout, owner, {
            params: { ...path(), payoutId: first!.payoutId },
            body: details,
          }),
        ),
      );
      expect(sends.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      const sent = await claimOf(alertId);
      // The payment is on its way: the payouts area's job may already have handed it over.
      expect(sent.payouts[0]).toMatchObject({
        status: 'SENT',
        payment: { status: expect.stringMatching(/^(requested|sent)$/) },
      });
      const payments = paymentListSchema.parse(
        (await call(payoutsContracts.payments, owner, { query: { userId: owner.userId } })).json(),
      );
      expect(payments.filter((p) => p.amount === first!.amountPayable)).toHaveLength(1);
    });

    it('keeps the timeline, newest first, with who did what', async () => {
      const res = await call(claimsContracts.history, owner, { params: { alertId } });
      const history = claimHistorySchema.parse(res.json());
      const kinds = history.events.map((e) => e.kind);
      expect(kinds.at(-1)).toBe('trigger');
      expect(kinds).toEqual(
        expect.arrayContaining([
          'opened',
          'prediction-submitted',
          'offer-made',
          'file-added',
          'file-clean',
          'dispute-sent',
          'offer-adjusted',
          'offer-accepted',
          'month-closed',
          'actual-revenue',
          'payout-details-sent',
        ]),
      );
      const times = history.events.map((e) => Date.parse(e.at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(history.events.find((e) => e.kind === 'offer-made')!.actor).toBe('insurer');
      expect(history.events.find((e) => e.kind === 'dispute-sent')!.actor).toBe('customer');
      expect(history.events.find((e) => e.kind === 'trigger')!.details).toMatchObject({
        measuredValue: 45,
        threshold: 30,
      });
    });
  });
});
