import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DAY_MS,
  WEBHOOK_EVENT_TYPES,
  luggageContracts,
  lostBagSchema,
  partnersContracts,
  resolutionOptionsSchema,
  resolutionsContracts,
  travelContracts,
  tripSchema,
  webhookPayloadSchema,
  type ResolutionOptions,
  type Trip,
  type WebhookEventType,
  type WebhookPayload,
} from '@tern/domain';
import { demoPartner, useTestApp } from '../../../../test/app.ts';
import { attachImage, pastFlight } from '../../../../test/bags.ts';
import { callAs } from '../../../../test/calls.ts';
import { connectBank, trigger } from '../../../../test/claims.ts';
import { signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { plantBreach } from '../../../providers/breaches/simulator/index.ts';
import { moveBagFile } from '../../../providers/bag-tracing/simulator/index.ts';
import { DEMO_IDS } from '../../../seed/demo-data.ts';
import { announceTriggers } from '../../claims/index.ts';
import { announceBagChange } from '../../luggage/index.ts';
import { announceBreaches } from '../../monitoring/index.ts';
import { webhookEvents } from './tables.ts';

/**
 * Each area raises its partner's events where its change commits, through real actions: the
 * API as the portal calls it, the simulators' operators, the jobs. Each demo partner has an
 * endpoint taking every event, so every event raised is kept (`webhook_events`).
 */
describe("the areas raise their partners' events", () => {
  const t = useTestApp();
  const call = callAs(t);
  const server = createServer((_request, response) => {
    _request.resume();
    _request.on('end', () => response.writeHead(200).end());
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    for (const partnerId of ['travel', 'business', 'identity']) {
      const res = await call(
        partnersContracts.addWebhook,
        {
          headers: {
            'api-key': demoPartner(partnerId).apiKey,
            authorization: `Bearer ${demoPartner(partnerId).serverSecret}`,
          },
        },
        { params: { partnerId }, body: { url, events: [...WEBHOOK_EVENT_TYPES] } },
      );
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The events of a type raised so far, as their bodies say, oldest first. */
  const raised = async <T extends WebhookEventType>(type: T) => {
    await t.app.platform.jobs.settled();
    const rows = await t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, type))
      .orderBy(webhookEvents.createdAt);
    return rows.map((row) => {
      // Ids, states and amounts: never an email address or a name.
      expect(row.body).not.toMatch(/@|"(first|sur)?name"/i);
      return webhookPayloadSchema.parse(JSON.parse(row.body)) as Extract<
        WebhookPayload,
        { type: T }
      >;
    });
  };

  describe('travel and resolutions', () => {
    let user: SignedIn;
    let trip: Trip;
    beforeAll(async () => {
      user = await signIn(t, 'travel');
    });
    const options = async (): Promise<ResolutionOptions> =>
      resolutionOptionsSchema.parse(
        (
          await call(resolutionsContracts.options, user, {
            query: {
              category: 'flights',
              tripId: trip.tripId,
              flightId: trip.flights[0]!.flightId,
            },
          })
        ).json(),
      );

    it('trip.covered and flight.disrupted: a trip bought, then reported delayed', async () => {
      const bought = await call(travelContracts.blinkIt, user, {
        body: {
          flights: [{ flightNumber: 'AC856', embarkDate: '2026-02-03', origin: 'YYZ' }],
          passengers: 1,
        },
      });
      expect(bought.statusCode, bought.body).toBe(201);
      trip = tripSchema.parse(bought.json());
      expect((await raised('trip.covered')).map((e) => e.data.tripId)).toEqual([trip.tripId]);

      const reported = await call(travelContracts.alert, user, {
        params: { tripId: trip.tripId, flightId: trip.flights[0]!.flightId },
        body: { alertType: 'DELAY', delayDate: '2026-02-03 10:35' },
      });
      expect(reported.statusCode, reported.body).toBe(201);
      expect((await raised('flight.disrupted')).map((e) => e.data)).toEqual([
        expect.objectContaining({
          flightId: trip.flights[0]!.flightId,
          alertType: 'DELAY',
          delayDate: '2026-02-03 10:35',
          source: 'customer',
        }),
      ]);
    });

    it('resolution.chosen for each answer, then payout.sent and payout.settled for the cash', async () => {
      const lounge = (await options()).resolutions.find((r) => r.type === 'LOUNGE')!;
      const declined = await call(resolutionsContracts.select, user, {
        body: { resolutionId: lounge.id, status: 'None' },
      });
      expect(declined.statusCode, declined.body).toBe(200);
      const cash = (await options()).resolutions.find((r) => r.type === 'CASH')!;
      const claimed = await call(resolutionsContracts.select, user, {
        body: { resolutionId: cash.id, payoutMethodId: DEMO_IDS.travelPayoutMethod },
      });
      expect(claimed.statusCode, claimed.body).toBe(200);

      const chosen = (await raised('resolution.chosen')).map((e) => e.data);
      expect(chosen).toEqual([
        expect.objectContaining({
          resolutionId: lounge.id,
          status: 'None',
          actor: 'customer',
          amount: null,
        }),
        expect.objectContaining({
          resolutionId: cash.id,
          status: 'Confirmed',
          chosenType: 'CASH',
          amount: 2_500,
          currency: 'CAD',
        }),
      ]);
      const [sent] = await raised('payout.sent');
      const [settled] = await raised('payout.settled');
      expect(sent!.data).toMatchObject({ status: 'sent', amount: 2_500, currency: 'CAD' });
      expect(settled!.data).toMatchObject({
        paymentId: sent!.data.paymentId,
        status: 'settled',
        userId: user.userId,
      });
    });
  });

  it("bag.status_changed: a report completed, then the tracing system's locate", async () => {
    const user = await signIn(t, 'travel');
    const flight = await pastFlight(t, user.userId);
    const res = await call(luggageContracts.reportBag, user, {
      body: flight.report({ reportedOnLocal: flight.localNow() }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const bag = lostBagSchema.parse(res.json());
    await attachImage(t, user, bag.bagId);
    const done = await call(luggageContracts.updateBag, user, {
      params: { bagId: bag.bagId },
      body: { status: 'BAG_REPORTED_LOST' },
    });
    expect(done.statusCode, done.body).toBe(200);
    await moveBagFile(
      { db: t.database.db, clock: t.clock, lostAfterDays: 21 },
      { pir: bag.pir, to: 'located', station: 'YLW' },
    );
    await announceBagChange(t.database, bag.pir);
    expect((await raised('bag.status_changed')).map((e) => e.data)).toEqual([
      expect.objectContaining({
        bagId: bag.bagId,
        status: 'BAG_REPORTED_LOST',
        previousStatus: 'REPORTED',
      }),
      expect.objectContaining({
        bagId: bag.bagId,
        status: 'BAG_LOCATED',
        previousStatus: 'BAG_REPORTED_LOST',
      }),
    ]);
  });

  it('monitoring.alert_raised: a breach holding a monitored email address', async () => {
    await plantBreach(
      t.database.db,
      t.app.platform,
      {
        name: 'WebhookShop',
        title: 'WebhookShop',
        domain: 'webhookshop.example',
        breachDate: '2025-10-01',
        dataClasses: ['Email addresses', 'Passwords'],
        description: 'WebhookShop lost its customer list.',
        isVerified: true,
        isFabricated: false,
        isSpamList: false,
        isSensitive: false,
      },
      [{ dataType: 'EMAIL_ADDRESS', value: 'uma.user@identity.example.com' }],
    );
    await announceBreaches(t.database);
    const [alert] = await raised('monitoring.alert_raised');
    expect(alert!.data).toMatchObject({
      dataType: 'EMAIL_ADDRESS',
      breachName: 'WebhookShop',
    });
  });

  it('claim.status_changed: a trigger opening a claim at the insured café', async () => {
    // The demo world's day, as the claims tests take it: the café's bank history is there.
    t.clock.advance(Date.parse('2026-11-26T10:00:00Z') - t.clock.now().getTime());
    const owner = await signIn(t, 'business');
    await connectBank(t, owner);
    await trigger(t, {
      businessRef: DEMO_IDS.cafe,
      type: 'flood',
      measuredValue: 45,
      at: new Date(t.clock.now().getTime() - 20 * DAY_MS).toISOString(),
    });
    await announceTriggers(t.database);
    const opened = (await raised('claim.status_changed')).filter(
      (e) => e.data.previousStatus === null,
    );
    expect(opened).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          itemId: DEMO_IDS.cafe,
          userId: owner.userId,
          status: 'prediction',
          claimNumber: expect.stringMatching(/^HM-CLM-/),
        }),
      }),
    ]);
  });
});
