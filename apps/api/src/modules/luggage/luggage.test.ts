import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AIRTAG_LINK_LIFETIME_MS,
  lostBagListSchema,
  lostBagSchema,
  luggageContracts,
  routeName,
  wallClockAt,
} from '@tern/domain';
import { travelKey, useTestApp } from '../../../test/app.ts';
import { attachImage, pastFlight } from '../../../test/bags.ts';
import { callAs, expectApiError } from '../../../test/calls.ts';
import { signIn, type SignedIn } from '../../../test/sign-in.ts';
import { simulatedBagTracing } from '../../providers/bag-tracing/simulator/index.ts';
import { lostBags } from './tables.ts';

const { bags, reportBag, bag, updateBag, removeBag } = luggageContracts;

describe(routeName(reportBag), () => {
  const t = useTestApp();
  const call = callAs(t);
  let travel: SignedIn;
  let flight: Awaited<ReturnType<typeof pastFlight>>;
  beforeAll(async () => {
    travel = await signIn(t, 'travel');
    flight = await pastFlight(t, travel.userId);
  });
  const report = (overrides: Record<string, unknown> = {}, who = travel) =>
    call(reportBag, who, { body: flight.report(overrides) });
  const refused = async (overrides: Record<string, unknown>, field: string, message?: string) => {
    const error = expectApiError(await report(overrides), 400, 'INVALID_PARAMS', field);
    if (message) expect(error.details).toContainEqual({ field, message });
  };

  it('answers an empty list before any report', async () => {
    const res = await call(bags, travel);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("reports a bag for a flight of the caller's trip: its time on the station's clock and in UTC, the first event, REPORTED", async () => {
    const res = await report({
      pir: 'yow ac 12345',
      reportedOnLocal: flight.localAt(6),
      airtagUrl: 'https://found.apple.com/share/abc123',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = lostBagSchema.parse(res.json());
    const reportedOn = new Date(flight.departureUtc.getTime() + 6 * 3_600_000).toISOString();
    expect(created).toMatchObject({
      userId: travel.userId,
      partnerId: 'travel',
      tripId: flight.tripId,
      flightId: flight.flightId,
      flightNumber: 'AC12',
      status: 'REPORTED',
      pir: 'YOWAC12345',
      tagNumber: '0014123456',
      colour: 'BU',
      type: '22',
      reportedOn,
      reportedOnLocal: flight.localAt(6),
      airtag: {
        url: 'https://found.apple.com/share/abc123',
        expiresAt: new Date(t.clock.now().getTime() + AIRTAG_LINK_LIFETIME_MS).toISOString(),
      },
      image: null,
      attachments: [],
      events: [{ status: 'REPORTED', at: reportedOn, source: 'customer', station: 'YOW' }],
    });
    const listed = lostBagListSchema.parse((await call(bags, travel)).json());
    expect(listed.map((b) => b.bagId)).toEqual([created.bagId]);
  });

  it('refuses the same tag on the same flight twice (409), whatever its PIR', async () => {
    const res = await report({ pir: 'YOWAC99999' });
    expectApiError(res, 409, 'BAG_ALREADY_REPORTED', 'tagNumber');
  });

  it('refuses a PIR, tag, colour or type WorldTracer would not take, each with its field', async () => {
    await refused({ pir: 'YOW12345', tagNumber: '0014000001' }, 'pir', 'validation.invalid_pir');
    await refused({ tagNumber: '12345' }, 'tagNumber', 'validation.invalid_bag_tag');
    await refused({ colour: 'XX', tagNumber: '0014000002' }, 'colour');
    await refused({ type: '98', tagNumber: '0014000003' }, 'type');
  });

  it('refuses a PIR whose station is no airport (field pir)', async () => {
    await refused(
      { pir: 'QQQAC12345', tagNumber: '0014000004' },
      'pir',
      'validation.unknown_station',
    );
  });

  it('refuses a report time before the departure, in the future there, or not a time', async () => {
    const tag = { tagNumber: '0014000005' };
    await refused(
      { ...tag, reportedOnLocal: flight.localAt(-1) },
      'reportedOnLocal',
      'validation.disabled_before',
    );
    const soon = new Date(t.clock.now().getTime() + 2 * 60_000);
    await refused(
      { ...tag, reportedOnLocal: wallClockAt(soon, flight.zone).replace('T', ' ') },
      'reportedOnLocal',
      'validation.disabled_after',
    );
    await refused({ ...tag, reportedOnLocal: '2025-02-30 10:00' }, 'reportedOnLocal');
    await refused({ ...tag, reportedOnLocal: '' }, 'reportedOnLocal');
  });

  it('refuses an AirTag link that is not Apple’s “Share Item Location”, and takes none', async () => {
    await refused(
      { tagNumber: '0014000006', airtagUrl: 'http://found.apple.com/x' },
      'airtagUrl',
      'validation.invalid_airtag_link',
    );
    await refused(
      { tagNumber: '0014000006', airtagUrl: 'https://evil.test/found.apple.com' },
      'airtagUrl',
    );
    const res = await report({ tagNumber: '0014000006', airtagUrl: '' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ airtag: null });
  });

  it("answers 404 FLIGHT_NOT_FOUND for a flight that is not on the caller's trips", async () => {
    const colleague = await signIn(t, 'travel', 'agent');
    expectApiError(await report({ tagNumber: '0014000007' }, colleague), 404, 'FLIGHT_NOT_FOUND');
    expectApiError(
      await report({ tagNumber: '0014000007', tripId: flight.flightId }),
      404,
      'FLIGHT_NOT_FOUND',
    );
  });

  it('needs a session', async () => {
    const res = await call(bags, { headers: travelKey });
    expectApiError(res, 401, 'UNAUTHORISED');
  });
});

describe(routeName(updateBag), () => {
  const t = useTestApp();
  const call = callAs(t);
  let travel: SignedIn;
  let flight: Awaited<ReturnType<typeof pastFlight>>;
  beforeAll(async () => {
    travel = await signIn(t, 'travel');
    flight = await pastFlight(t, travel.userId);
  });
  const newBag = async (tagNumber: string) => {
    const res = await call(reportBag, travel, { body: flight.report({ tagNumber }) });
    expect(res.statusCode, res.body).toBe(201);
    return lostBagSchema.parse(res.json());
  };
  const patch = (bagId: string, body: Record<string, unknown>, who = travel) =>
    call(updateBag, who, { params: { bagId }, body });
  const tracing = () =>
    simulatedBagTracing({ db: t.database.db, clock: t.clock, lostAfterDays: 21 });

  it('refuses to complete a report without its photo (400 MISSING_PARAMS, field image)', async () => {
    const created = await newBag('0014100001');
    expectApiError(
      await patch(created.bagId, { status: 'BAG_REPORTED_LOST' }),
      400,
      'MISSING_PARAMS',
      'image',
    );
    expect(await tracing().status(created.pir)).toBeNull();
  });

  it('completes a report with its photo: BAG_REPORTED_LOST, the file opened with the tracing system', async () => {
    const created = await newBag('0014100002');
    const {
      attachments: [image],
    } = await attachImage(t, travel, created.bagId);
    const res = await patch(created.bagId, { status: 'BAG_REPORTED_LOST' });
    expect(res.statusCode, res.body).toBe(200);
    const completed = lostBagSchema.parse(res.json());
    expect(completed.status).toBe('BAG_REPORTED_LOST');
    expect(completed.image).toBe(completed.attachments[0]!.url);
    expect(completed.attachments[0]).toMatchObject({
      attachmentId: image!.attachmentId,
      name: 'bag.jpg',
      contentType: 'image/jpeg',
    });
    expect(completed.events.map((e) => [e.status, e.source])).toEqual([
      ['REPORTED', 'customer'],
      ['BAG_REPORTED_LOST', 'customer'],
    ]);
    expect(await tracing().status('YOWAC12345')).toMatchObject({
      state: 'reported',
      history: [{ state: 'reported', at: completed.reportedOn, station: 'YOW' }],
    });
    // Completing twice changes nothing.
    const again = lostBagSchema.parse(
      (await patch(created.bagId, { status: 'BAG_REPORTED_LOST' })).json(),
    );
    expect(again.events).toHaveLength(2);
  });

  it('corrects details with the same rules, and refuses any change once tracing has ended', async () => {
    const created = await newBag('0014100003');
    const corrected = await patch(created.bagId, {
      colour: 'BK',
      reportedOnLocal: flight.localAt(8),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ colour: 'BK', reportedOnLocal: flight.localAt(8) });
    expectApiError(await patch(created.bagId, { pir: 'QQQAC12345' }), 400, 'INVALID_PARAMS', 'pir');
    expectApiError(
      await patch(created.bagId, { reportedOnLocal: flight.localAt(-2) }),
      400,
      'INVALID_PARAMS',
      'reportedOnLocal',
    );
    expectApiError(
      await patch(created.bagId, { tagNumber: '0014100001' }),
      409,
      'BAG_ALREADY_REPORTED',
    );
    expectApiError(await patch(created.bagId, {}), 400, 'INVALID_PARAMS');

    await t.database.db
      .update(lostBags)
      .set({ status: 'BAG_DELIVERED' })
      .where(eq(lostBags.id, created.bagId));
    expectApiError(await patch(created.bagId, { colour: 'RD' }), 409, 'INVALID_BAG_STATUS');
  });

  it("answers 404 BAG_NOT_FOUND for another user's bag, to every call", async () => {
    const created = await newBag('0014100004');
    const colleague = await signIn(t, 'travel', 'agent');
    const params = { bagId: created.bagId };
    expectApiError(await call(bag, colleague, { params }), 404, 'BAG_NOT_FOUND');
    expectApiError(await patch(created.bagId, { colour: 'RD' }, colleague), 404, 'BAG_NOT_FOUND');
    expectApiError(await call(removeBag, colleague, { params }), 404, 'BAG_NOT_FOUND');
    expect((await call(bag, travel, { params })).statusCode).toBe(200);
  });

  it('withdraws a report, unless the resolutions area holds it (403 BAG_RESOLUTION_PENDING)', async () => {
    const held = await newBag('0014100005');
    const free = await newBag('0014100006');
    t.app.lostBags.holdRemoval(async (bagId) => bagId === held.bagId);
    expectApiError(
      await call(removeBag, travel, { params: { bagId: held.bagId } }),
      403,
      'BAG_RESOLUTION_PENDING',
    );
    const res = await call(removeBag, travel, { params: { bagId: free.bagId } });
    expect(res.statusCode, res.body).toBe(200);
    const left = lostBagListSchema.parse(res.json()).map((b) => b.bagId);
    expect(left).toContain(held.bagId);
    expect(left).not.toContain(free.bagId);
  });
});
