import { z } from 'zod';
import { textSchema } from '../rules/text.ts';
import { partnerPathSchema } from './config.ts';

/**
 * Signed partner webhooks (issue 30 item 5): a partner's back end registers endpoints for the
 * events it wants, and Tern posts each event to them in the Standard Webhooks format
 * (https://www.standardwebhooks.com: `webhook-id`, `webhook-timestamp`, `webhook-signature`
 * `v1,<base64 HMAC-SHA256 of id.timestamp.body>` under the endpoint's `whsec_` secret). Events
 * carry ids, states and amounts only, never personal data: their payloads are in
 * `webhook-events.ts`.
 */

/** Every event a partner may subscribe to, one owner: the payloads, the API and the web read it. */
export const WEBHOOK_EVENT_TYPES = [
  'trip.covered',
  'flight.disrupted',
  'resolution.chosen',
  'payout.sent',
  'payout.settled',
  'bag.status_changed',
  'claim.status_changed',
  'monitoring.alert_raised',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** A partner keeps at most this many endpoints (deleted ones do not count). */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** The longest endpoint address accepted. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
/** Standard Webhooks' secret prefix: `whsec_` then the key, base64. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** How much of a receiver's answer a delivery attempt keeps, for the delivery log. */
export const WEBHOOK_RESPONSE_EXCERPT_LENGTH = 200;
/** Deliveries per page of the delivery log. */
export const WEBHOOK_DELIVERIES_PAGE = 50;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * Why an attempt failed, by class only (never the receiver's words beyond the excerpt):
 * `http_status` a non-2xx answer, `timeout` no answer in time, `network` no connection (DNS,
 * refused, TLS), `endpoint_disabled` the endpoint was disabled or deleted before it was sent.
 */
export const WEBHOOK_ERROR_CLASSES = [
  'http_status',
  'timeout',
  'network',
  'endpoint_disabled',
] as const;
export type WebhookErrorClass = (typeof WEBHOOK_ERROR_CLASSES)[number];

const eventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, { error: 'validation.invalid' });
const eventTypesSchema = z
  .array(eventTypeSchema)
  .min(1, 'validation.required')
  // Each type once is all a list can mean (repeats are dropped).
  .max(WEBHOOK_EVENT_TYPES.length, 'validation.invalid')
  .transform((types) => [...new Set(types)])
  .describe('The events sent to the endpoint');

/** An http(s) address; production further requires https (400 WEBHOOK_URL_INSECURE). */
export const webhookUrlSchema = z
  .url({ protocol: /^https?$/, error: 'validation.invalid' })
  .max(WEBHOOK_URL_MAX_LENGTH, 'validation.invalid')
  .describe('Where the events are posted: https (plain http outside production)');

const descriptionSchema = textSchema({ max: WEBHOOK_DESCRIPTION_MAX_LENGTH, required: false });

export const webhookEndpointPathSchema = partnerPathSchema.extend({
  endpointId: z.uuid({ error: 'validation.invalid' }),
});
export const webhookDeliveryPathSchema = webhookEndpointPathSchema.extend({
  deliveryId: z.uuid({ error: 'validation.invalid' }),
});

export const webhookEndpointRequestSchema = z
  .object({
    url: webhookUrlSchema,
    events: eventTypesSchema,
    description: descriptionSchema.optional(),
  })
  .meta({ id: 'WebhookEndpointRequest' });
export type WebhookEndpointRequest = z.output<typeof webhookEndpointRequestSchema>;

export const webhookEndpointPatchSchema = z
  .object({
    enabled: z.boolean().optional(),
    events: eventTypesSchema.optional(),
    description: descriptionSchema.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'validation.required',
  })
  .meta({ id: 'WebhookEndpointPatch' });
export type WebhookEndpointPatch = z.output<typeof webhookEndpointPatchSchema>;

/** An endpoint as its partner reads it: never its secret. */
export const webhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string(),
    events: z.array(eventTypeSchema),
    enabled: z.boolean(),
    createdAt: z.iso.datetime(),
    lastDelivery: z
      .object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), createdAt: z.iso.datetime() })
      .nullable()
      .describe("The newest delivery's status, or null before the first"),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z
  .array(webhookEndpointSchema)
  .meta({ id: 'WebhookEndpointList' });

export const webhookSecretSchema = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/)
  .describe('The signing secret (Standard Webhooks, `whsec_` + base64): shown this once');

export const webhookEndpointCreatedSchema = webhookEndpointSchema
  .extend({ secret: webhookSecretSchema })
  .meta({ id: 'WebhookEndpointCreated' });
export const webhookSecretAnswerSchema = z
  .object({ secret: webhookSecretSchema })
  .meta({ id: 'WebhookSecret' });

export const webhookDeliveriesQuerySchema = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: 'validation.invalid' }).optional(),
  cursor: z
    .uuid({ error: 'validation.invalid' })
    .optional()
    .describe("The previous page's nextCursor"),
});

export const webhookAttemptSchema = z.object({
  /** 1, 2…: a replay starts a new series, its attempts counted from 1 again. */
  series: z.int().min(1),
  attempt: z.int().min(1),
  at: z.iso.datetime(),
  httpStatus: z.int().nullable(),
  durationMs: z.int().min(0),
  errorClass: z.enum(WEBHOOK_ERROR_CLASSES).nullable(),
  /** The start of the receiver's answer, at most WEBHOOK_RESPONSE_EXCERPT_LENGTH characters. */
  response: z.string().max(WEBHOOK_RESPONSE_EXCERPT_LENGTH).nullable(),
});

export const webhookDeliverySchema = z
  .object({
    /** The `webhook-id` header: the same for every attempt and replay of this delivery. */
    id: z.uuid(),
    eventType: eventTypeSchema,
    createdAt: z.iso.datetime(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    /** Replays so far (each a new series of attempts). */
    replays: z.int().min(0),
    attempts: z.array(webhookAttemptSchema),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z
  .object({
    deliveries: z.array(webhookDeliverySchema),
    nextCursor: z.uuid().nullable().describe('Pass as `cursor` for the next page; null at the end'),
  })
  .meta({ id: 'WebhookDeliveryPage' });
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
