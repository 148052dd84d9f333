import { z } from 'zod';
import { MONITORED_DATA_TYPES, TRIP_TYPES } from '../constants.ts';
import { BAG_STATUSES } from '../luggage/index.ts';
import { ALERT_SEVERITIES } from '../monitoring/index.ts';
import { PAYMENT_STATUSES } from '../payouts/index.ts';
import { RESOLUTION_ACTORS, RESOLUTION_KINDS, RESOLUTION_STATUSES } from '../resolutions/index.ts';
import { FLIGHT_ALERT_TYPES } from '../travel/index.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhooks.ts';

/**
 * What each webhook event carries (`data`): ids, states and amounts (integer minor units) only,
 * never a name, an email, a card or bank number or a monitored identifier. Each is strict, so a
 * field an area adds by mistake fails where the event is raised, not in a partner's log.
 *
 * Apart from `webhooks.ts` because it reads the other areas' states, and several of them read
 * the partners area: exported from `areas.ts` after every area, so no area waits on it.
 */
const id = z.uuid();
const minorUnits = z.int().describe('Integer minor units of the currency (cents)');
const currency = z.string().length(3).describe('ISO 4217');

export const webhookEventDataSchemas = {
  'trip.covered': z.strictObject({
    tripId: id,
    userId: id,
    type: z.enum(TRIP_TYPES),
    externalPolicyNumber: z.string().nullable().describe("The partner's own policy number"),
    passengers: z.int().min(1).describe('How many people the trip covers'),
    flights: z.array(
      z.strictObject({
        flightId: id,
        flightNumber: z.string(),
        embarkDate: z.iso.date(),
        origin: z.string(),
        destination: z.string().nullable(),
      }),
    ),
  }),
  'flight.disrupted': z.strictObject({
    alertId: id,
    flightId: id,
    tripId: id,
    userId: id,
    alertType: z.enum(FLIGHT_ALERT_TYPES).exclude(['ONTIME']),
    /** Local departure after a delay (`YYYY-MM-DD HH:mm`), null for a cancellation. */
    delayDate: z.string().nullable(),
    source: z.enum(['provider', 'customer']),
  }),
  'resolution.chosen': z.strictObject({
    resolutionId: id,
    userId: id,
    tripId: id.nullable(),
    flightId: id.nullable(),
    bagId: id.nullable(),
    type: z.string().describe('The option: a kind, or kinds offered together (`CASH|POINTS`)'),
    chosenType: z.enum(RESOLUTION_KINDS).nullable(),
    status: z.enum(RESOLUTION_STATUSES),
    actor: z.enum(RESOLUTION_ACTORS).exclude(['system']),
    amount: minorUnits.nullable().describe('Cash claimed, within the policy cap'),
    currency: currency.nullable(),
  }),
  'payout.sent': paymentData(),
  'payout.settled': paymentData(),
  'bag.status_changed': z.strictObject({
    bagId: id,
    userId: id,
    tripId: id,
    flightId: id,
    status: z.enum(BAG_STATUSES),
    previousStatus: z.enum(BAG_STATUSES),
  }),
  'claim.status_changed': z.strictObject({
    claimId: id,
    itemId: id,
    userId: id,
    claimNumber: z.string().nullable(),
    status: z.string(),
    previousStatus: z.string().nullable().describe('Null when the claim has just opened'),
  }),
  'monitoring.alert_raised': z.strictObject({
    alertId: id,
    itemId: id,
    userId: id,
    dataType: z.enum(MONITORED_DATA_TYPES),
    breachName: z.string().describe('The public name of the breach, never the exposed value'),
    severityLevel: z.enum(ALERT_SEVERITIES),
  }),
} satisfies Record<WebhookEventType, z.ZodObject>;

function paymentData() {
  return z.strictObject({
    paymentId: id,
    userId: id,
    status: z.enum(PAYMENT_STATUSES),
    amount: minorUnits,
    currency,
    idempotencyKey: z.string().describe('The key the payment was asked for under'),
  });
}

export type WebhookEventData<T extends WebhookEventType> = z.input<
  (typeof webhookEventDataSchemas)[T]
>;

/** One event as raised by an area: whose partner, which event, what it says. */
export type PartnerEvent = {
  [T in WebhookEventType]: { partnerId: string; type: T; data: WebhookEventData<T> };
}[WebhookEventType];

/** The body Tern posts: the event, when it happened (ISO 8601), and its data. */
export type WebhookPayload = {
  [T in WebhookEventType]: {
    type: T;
    timestamp: string;
    data: z.output<(typeof webhookEventDataSchemas)[T]>;
  };
}[WebhookEventType];

export const webhookPayloadSchema = z
  .discriminatedUnion(
    'type',
    WEBHOOK_EVENT_TYPES.map((type) =>
      z.strictObject({
        type: z.literal(type),
        timestamp: z.iso.datetime(),
        data: webhookEventDataSchemas[type],
      }),
    ) as unknown as [z.ZodObject, ...z.ZodObject[]],
  )
  .meta({ id: 'WebhookPayload' }) as unknown as z.ZodType<WebhookPayload>;
