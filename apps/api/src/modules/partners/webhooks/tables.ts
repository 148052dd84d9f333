import { boolean, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { WebhookDeliveryStatus, WebhookErrorClass, WebhookEventType } from '@tern/domain';
import { at, createdAt, updatedAt } from '../../../db/columns.ts';
import { partners } from '../tables.ts';

/**
 * A partner's webhook endpoints. The signing secret is kept only as AES-256-GCM ciphertext
 * under ENCRYPTION_KEY (the server must read it back to sign); a deleted endpoint stays, so its
 * delivery log does.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secretCiphertext: text('secret_ciphertext').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('webhook_endpoints_partner_idx').on(t.partnerId)],
);

/**
 * An event raised for a partner with at least one endpoint subscribed to it: the exact body
 * posted (signed as written, so every attempt and replay sends the same bytes).
 */
export const webhookEvents = pgTable('webhook_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  partnerId: text('partner_id')
    .notNull()
    .references(() => partners.id, { onDelete: 'cascade' }),
  type: text('type').$type<WebhookEventType>().notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

/**
 * One event for one endpoint. Its id is the `webhook-id` header, the same for every attempt
 * and replay; `series` counts replays (each a new series of attempts, 1 the first).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    series: integer('series').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The delivery log: an endpoint's deliveries, newest first, by pages.
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt.desc(), t.id.desc()),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

/**
 * Every attempt at a delivery: when, how long, the HTTP status or the error's class, and the
 * start of the receiver's answer (never more, never a secret).
 */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    series: integer('series').notNull(),
    attempt: integer('attempt').notNull(),
    at: at('at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    httpStatus: integer('http_status'),
    errorClass: text('error_class').$type<WebhookErrorClass>(),
    response: text('response'),
  },
  // Also the index a delivery's attempts are read by.
  (t) => [unique('webhook_attempts_number_key').on(t.deliveryId, t.series, t.attempt)],
);
