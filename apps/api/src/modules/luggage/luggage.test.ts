import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, lostBagListSchema, luggageContracts, routeName } from '@tern/domain';
import { lostBagAttachments, lostBags } from './tables.ts';
import { travelKey, useTestApp } from '../../../test/app.ts';
import { urlOf } from '../../../test/urls.ts';
import { signIn } from '../../../test/sign-in.ts';

describe(routeName(luggageContracts.bags), () => {
  const t = useTestApp();
  let travel: Awaited<ReturnType<typeof signIn>>;
  let business: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    travel = await signIn(t, 'travel');
    business = await signIn(t, 'business');
  });
  const bags = (headers: Record<string, string>) =>
    t.app.inject({ url: urlOf(luggageContracts.bags), headers });

  it('answers an empty list before any report', async () => {
    const res = await bags(travel.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("answers the caller's reports newest first, with the report image and files as API links", async () => {
    const bag = (
      pir: string,
      reportedOn: string,
      userId = travel.userId,
      partnerId = 'travel',
    ) => ({
      userId,
      partnerId,
      pir,
      reportedOn: new Date(reportedOn),
      reportedOnLocal: reportedOn.slice(0, 16).replace('T', ' '),
    });
    const [older] = await t.database.db
      .insert(lostBags)
      .values([
        bag('YYZAC10001', '2026-03-01T10:00:00Z'),
        bag('YYZAC10002', '2026-04-01T10:00:00Z'),
        bag('LHRBA10003', '2026-05-01T10:00:00Z', business.userId, 'business'),
      ])
      .returning();
    const [image] = await t.database.db
      .insert(lostBagAttachments)
      .values({
        bagId: older!.id,
        kind: 'IMAGE',
        name: 'bag.jpg',
        contentType: 'image/jpeg',
        storageKey: 'bags/secret-key.jpg',
      })
      .returning();

    const res = await bags(travel.headers);
    const list = lostBagListSchema.parse(res.json());
    expect(list.map((b) => b.pir)).toEqual(['YYZAC10002', 'YYZAC10001']);
    expect(list[1]).toMatchObject({
      bagId: older!.id,
      userId: travel.userId,
      partnerId: 'travel',
      status: 'BAG_REPORTED_LOST',
      reportedOn: '2026-03-01T10:00:00.000Z',
      reportedOnLocal: '2026-03-01 10:00',
      image: `${urlOf(luggageContracts.bags)}/${older!.id}/attachments/${image!.id}`,
      attachments: [{ attachmentId: image!.id, name: 'bag.jpg' }],
    });
    expect(list[0]!.image).toBeNull();
    // Storage keys stay on the server: files are read through the API.
    expect(res.body).not.toContain('secret-key');
  });

  it('shows no report to another user of the same partner', async () => {
    const colleague = await signIn(t, 'travel', 'agent');
    const res = await bags(colleague.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await bags(travelKey);
    expect(res.statusCode).toBe(401);
    expect(apiErrorSchema.parse(res.json()).code).toBe('UNAUTHORISED');
  });
});
