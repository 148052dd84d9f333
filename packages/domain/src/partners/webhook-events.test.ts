import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from './webhooks.ts';
import { webhookEventDataSchemas, webhookPayloadSchema } from './webhook-events.ts';

describe('webhook events', () => {
  it('have a payload schema for every event type, and none besides', () => {
    expect(Object.keys(webhookEventDataSchemas).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });

  it('carry ids, states and amounts only: a name or an email slipped in is refused', () => {
    const data = {
      paymentId: '00000000-0000-4000-8000-000000000001',
      userId: '00000000-0000-4000-8000-000000000002',
      status: 'settled',
      amount: 2500,
      currency: 'CAD',
      idempotencyKey: 'order-1',
    };
    expect(webhookEventDataSchemas['payout.settled'].parse(data)).toEqual(data);
    for (const extra of [{ beneficiary: 'Uma User' }, { emailAddress: 'uma@example.com' }])
      expect(
        webhookEventDataSchemas['payout.settled'].safeParse({ ...data, ...extra }).success,
      ).toBe(false);
  });

  it('refuses a body whose data is not its type’s', () => {
    const base = { timestamp: '2026-03-01T10:00:00.000Z' };
    const bag = {
      bagId: '00000000-0000-4000-8000-000000000001',
      userId: '00000000-0000-4000-8000-000000000002',
      tripId: '00000000-0000-4000-8000-000000000003',
      flightId: '00000000-0000-4000-8000-000000000004',
      status: 'BAG_LOCATED',
      previousStatus: 'BAG_REPORTED_LOST',
    };
    expect(
      webhookPayloadSchema.safeParse({ ...base, type: 'bag.status_changed', data: bag }).success,
    ).toBe(true);
    expect(
      webhookPayloadSchema.safeParse({ ...base, type: 'trip.covered', data: bag }).success,
    ).toBe(false);
    expect(
      webhookPayloadSchema.safeParse({
        ...base,
        type: 'bag.status_changed',
        data: { ...bag, status: 'FOUND_IT' },
      }).success,
    ).toBe(false);
  });
});
