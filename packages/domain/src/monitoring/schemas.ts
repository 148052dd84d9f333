import { z } from 'zod';
import { FRIENDLY_NAME_MAX, MONITORED_DATA_TYPES } from '../constants.ts';
import { partnerIdSchema } from '../partners/index.ts';
import { booleanQuerySchema, maskedSchema } from '../user-scope.ts';

/**
 * Identity monitoring ("owl"): the subscription, monitored personal data and its alerts —
 * the monitoring configuration's datasets OWL_MONITORED_DATA and OWL_ALERTS (spec 1 §3,
 * §7 "Monitoring service"). Monitored values are kept only as a fingerprint or a card-vault
 * token; answers carry the masked display value.
 */

export const monitoredDataTypeSchema = z.enum(MONITORED_DATA_TYPES);
/** Groups the ten types into the sections a user sees. */
export const MONITORED_DATA_CATEGORIES = ['FINANCIAL', 'CONTACT', 'IDENTITY'] as const;

/** `GET monitoring/subscribers/{userId}`. */
export const subscriberStatusSchema = z
  .object({
    subscribed: z.boolean(),
    /** True once the first scan of the user's data has finished. */
    initialScan: z.boolean(),
  })
  .meta({ id: 'SubscriberStatus' });
export type SubscriberStatus = z.infer<typeof subscriberStatusSchema>;

/** `POST owl/subscribers/{userId}`. */
export const subscribeRequestSchema = z
  .object({ partnerId: partnerIdSchema })
  .meta({ id: 'SubscribeRequest' });

export const monitoredAlertRefSchema = z
  .object({ alertId: z.uuid(), completed: z.boolean() })
  .meta({ id: 'MonitoredAlertRef' });

export const monitoredItemSchema = z
  .object({
    id: z.uuid(),
    dataType: monitoredDataTypeSchema,
    /** The user's description of the item, as the form calls it. */
    friendlyName: z.string().max(FRIENDLY_NAME_MAX),
    /** The same description, as the create and update calls name it. */
    displayName: z.string().max(FRIENDLY_NAME_MAX),
    displayValue: maskedSchema,
    /** Cards are kept as a card-vault token, never as a number. */
    tokenised: z.boolean(),
    /** The item's alerts; the action-plan menu entry shows only when there are some. */
    alerts: z.array(monitoredAlertRefSchema),
    created: z.iso.datetime(),
  })
  .meta({ id: 'MonitoredItem' });
export type MonitoredItem = z.infer<typeof monitoredItemSchema>;

export const monitoredTypeSubscriptionSchema = z
  .object({
    category: z.enum(MONITORED_DATA_CATEGORIES),
    /** Items of this type a user may have; the add button hides at this count. */
    maxAllowed: z.int().min(0),
    items: z.array(monitoredItemSchema),
  })
  .meta({ id: 'MonitoredTypeSubscription' });

/** `GET owl/subscribers/{userId}/subscriptions`: every one of the ten types, keyed by type. */
export const subscriptionsSchema = z
  .record(monitoredDataTypeSchema, monitoredTypeSubscriptionSchema)
  .meta({ id: 'Subscriptions' });
export type Subscriptions = z.infer<typeof subscriptionsSchema>;

export const subscriptionsQuerySchema = z.object({ active: booleanQuerySchema.optional() });

export const monitoringAlertSchema = z
  .object({
    alertId: z.uuid(),
    itemId: z.uuid(),
    dataType: monitoredDataTypeSchema,
    friendlyName: z.string(),
    displayValue: maskedSchema,
    title: z.string(),
    description: z.string(),
    /** Where the data was found, e.g. the breached service. */
    source: z.string(),
    breachDate: z.iso.date().nullable(),
    detectedOn: z.iso.datetime(),
    completed: z.boolean(),
    completedOn: z.iso.datetime().nullable(),
  })
  .meta({ id: 'MonitoringAlert' });
export type MonitoringAlert = z.infer<typeof monitoringAlertSchema>;
export const monitoringAlertListSchema = z
  .array(monitoringAlertSchema)
  .meta({ id: 'MonitoringAlertList' });

/** `complete` (default): every alert with its details; `open`: only those not yet completed. */
export const MONITORING_ALERT_FILTERS = ['complete', 'open'] as const;
export const monitoringAlertsQuerySchema = z.object({
  filter: z.enum(MONITORING_ALERT_FILTERS, { error: 'validation.invalid' }).default('complete'),
});
