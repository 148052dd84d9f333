import { z } from 'zod';
import {
  ALERT_NOTE_MAX,
  CARD_FRAME_CSS_MAX,
  FORMATTED_INPUT_MAX,
  FRIENDLY_NAME_MAX,
  MONITORED_DATA_CATEGORIES,
  MONITORED_DATA_TYPES,
  MONITORING_COUNTRIES,
  type MonitoredDataType,
  type MonitoringCountry,
} from '../constants.ts';
import { partnerIdSchema } from '../partners/index.ts';
import { ORIGIN_MAX_LENGTH } from '../rules/origin.ts';
import { booleanQuerySchema, maskedSchema } from '../user-scope.ts';
import { PARTNER_ACTIONS } from './action-plans.ts';
import { checkMonitoredValue } from './identifiers.ts';
import { ALERT_SEVERITIES, SEVERITY_REASONS } from './severity.ts';

/**
 * Identity monitoring ("owl"): the subscription, monitored personal data and its alerts —
 * the monitoring configuration's datasets OWL_MONITORED_DATA and OWL_ALERTS (spec 1 §3,
 * §7 "Monitoring service"). Monitored values are kept only as a fingerprint or a card-vault
 * token; answers carry the masked display value.
 */

export const monitoredDataTypeSchema = z.enum(MONITORED_DATA_TYPES, {
  error: 'validation.invalid',
});

/** `GET monitoring/subscribers/{userId}`. */
export const subscriberStatusSchema = z
  .object({
    subscribed: z.boolean(),
    /** True once the first scan of the user's data has finished. */
    initialScan: z.boolean(),
  })
  .meta({ id: 'SubscriberStatus' });

/** Where the first scan of a subscriber's data stands (`GET owl/subscribers/{userId}/scan`). */
export const SCAN_STATES = ['not_subscribed', 'queued', 'running', 'complete'] as const;
export const scanStatusSchema = z
  .object({
    state: z.enum(SCAN_STATES),
    /** Items checked so far, of `itemsTotal`. */
    itemsScanned: z.int().min(0),
    itemsTotal: z.int().min(0),
    /** Breaches known to the scan when it ran. */
    breachesChecked: z.int().min(0),
    /** Alerts the scan raised. */
    alertsFound: z.int().min(0),
    startedAt: z.iso.datetime().nullable(),
    completedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ScanStatus' });
export type ScanStatus = z.infer<typeof scanStatusSchema>;
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
    /** The country whose format the value has (its action plans name that country's offices). */
    country: z.enum(MONITORING_COUNTRIES).nullable(),
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

/** A breach as the breach source describes it (Have I Been Pwned's fields). */
export const breachSchema = z
  .object({
    name: z.string(),
    title: z.string(),
    domain: z.string(),
    breachDate: z.iso.date().nullable(),
    addedDate: z.iso.datetime(),
    /** What the breach held: "Email addresses", "Passwords", "Credit cards"… */
    dataClasses: z.array(z.string()),
    description: z.string(),
    /** The source has confirmed the breach happened. */
    isVerified: z.boolean(),
    /** The data is believed to be made up. */
    isFabricated: z.boolean(),
    /** A list of addresses used for spam, not a breach of a service. */
    isSpamList: z.boolean(),
    /** Being in it says something about the person (a dating or health site). */
    isSensitive: z.boolean(),
  })
  .meta({ id: 'Breach' });
export type Breach = z.infer<typeof breachSchema>;

export const severitySchema = z
  .object({
    level: z.enum(ALERT_SEVERITIES),
    score: z.int().min(0).max(100),
    reasons: z.array(z.enum(SEVERITY_REASONS)),
  })
  .meta({ id: 'AlertSeverityDetail' });

/** Why a subscriber closed an alert as not theirs ("this isn't me"). */
export const ALERT_DISMISSAL_REASONS = [
  'not_my_account',
  'never_used_service',
  'already_changed',
  'other',
] as const;
export const alertDismissalSchema = z
  .object({
    reason: z.enum(ALERT_DISMISSAL_REASONS, { error: 'validation.required' }),
    note: z.string().trim().max(ALERT_NOTE_MAX, { error: 'validation.maxCharacters' }).optional(),
  })
  .meta({ id: 'AlertDismissal' });

export const monitoringAlertSchema = z
  .object({
    alertId: z.uuid(),
    itemId: z.uuid(),
    dataType: monitoredDataTypeSchema,
    friendlyName: z.string(),
    displayValue: maskedSchema,
    title: z.string(),
    description: z.string(),
    /** Where the data was found: the breached service's name. */
    source: z.string(),
    breachDate: z.iso.date().nullable(),
    breach: breachSchema,
    severity: severitySchema,
    /** The country whose steps the action plan gives (null: every partner country's). */
    country: z.enum(MONITORING_COUNTRIES).nullable(),
    detectedOn: z.iso.datetime(),
    completed: z.boolean(),
    completedOn: z.iso.datetime().nullable(),
    /** Set when the subscriber said the data found is not theirs. */
    dismissal: alertDismissalSchema.nullable(),
    /** Steps of the action plan done, of all. */
    actionsCompleted: z.int().min(0),
    actionsTotal: z.int().min(0),
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

/** `GET owl/subscribers/{userId}/alerts/{alertId}`: a list whose first element is the alert. */
export const monitoringAlertDetailsSchema = z
  .array(monitoringAlertSchema)
  .meta({ id: 'MonitoringAlertDetails' });

export const alertParamsSchema = z.object({
  userId: z.uuid({ error: 'validation.invalid' }),
  alertId: z.uuid({ error: 'validation.invalid' }),
});
export const itemParamsSchema = z.object({
  userId: z.uuid({ error: 'validation.invalid' }),
  id: z.uuid({ error: 'validation.invalid' }),
});
export const dataTypeParamsSchema = z.object({
  userId: z.uuid({ error: 'validation.invalid' }),
  dataType: monitoredDataTypeSchema,
});

/** One step of an action plan (spec 1 §3 "Alert details and action list"). */
export const alertActionSchema = z
  .object({
    alertId: z.uuid(),
    /** The step's key: the portal words it (`monitoring.actions.{actionItem}`). */
    actionItem: z.string(),
    completed: z.boolean(),
    completedOn: z.iso.datetime().nullable(),
    /** The partner carries this step out when asked from the portal (a replacement card). */
    partnerAction: z.enum(PARTNER_ACTIONS).nullable(),
  })
  .meta({ id: 'AlertAction' });
export type AlertAction = z.infer<typeof alertActionSchema>;
export const alertActionsSchema = z.array(alertActionSchema).meta({ id: 'AlertActions' });

/** `PUT …/alerts/{alertId}/action`: a step marked done or not done. */
export const alertActionRequestSchema = z
  .object({
    actionItem: z.string().min(1).max(80),
    completed: z.boolean(),
    /** When the subscriber did it; the server's time when absent. */
    completedOn: z.iso
      .datetime({ error: 'validation.invalid_date' })
      .max(FORMATTED_INPUT_MAX, { error: 'validation.invalid_date' })
      .nullable()
      .optional(),
  })
  .meta({ id: 'AlertActionRequest' });

/** `PATCH …/alerts/{alertId}`: the alert closed (or reopened), as handled or as not theirs. */
export const alertUpdateRequestSchema = z
  .object({
    completed: z.boolean(),
    completedOn: z.iso
      .datetime({ error: 'validation.invalid_date' })
      .max(FORMATTED_INPUT_MAX, { error: 'validation.invalid_date' })
      .nullable()
      .optional(),
    /** "This isn't me": closes the alert with why. */
    dismissal: alertDismissalSchema.optional(),
  })
  .meta({ id: 'AlertUpdateRequest' });

/** `POST …/alerts/{alertId}/card-replacement`: the partner's card team sends a new card. */
export const cardReplacementSchema = z
  .object({
    /** The partner's reference of the order. */
    reference: z.string(),
    requestedOn: z.iso.datetime(),
  })
  .meta({ id: 'CardReplacement' });

/** The description a subscriber gives an item (friendlyName): required, at most 200. */
export const friendlyNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(FRIENDLY_NAME_MAX, { error: 'validation.maxCharacters' });

/** The token field's value when there is no card token (spec 1 §7). */
export const NO_TOKEN = 'No';

/**
 * `POST owl/subscribers/{userId}/subscriptions/{dataType}` (spec 1 §7). The value's format is
 * checked by `checkMonitoredValue` against the partner's countries (the service does, as the
 * form does); a card comes as the card vault's token from the card-entry frame, never as a
 * number, and the display value is always worked out by the server.
 */
export const monitoredItemRequestSchema = z
  .object({
    displayName: friendlyNameSchema,
    displayValue: z.string().max(64).optional(),
    value: z.string().max(200).optional(),
    token: z.string().min(1).max(100).default(NO_TOKEN),
  })
  .meta({ id: 'MonitoredItemRequest' });
export type MonitoredItemRequest = z.input<typeof monitoredItemRequestSchema>;

/** `PATCH …/subscriptions/{id}`: only the description changes; a new value is a new item. */
export const monitoredItemUpdateSchema = z
  .object({ displayName: friendlyNameSchema })
  .meta({ id: 'MonitoredItemUpdate' });

/** `DELETE …/subscriptions/{id}`. */
export const monitoredItemDeletedSchema = z
  .object({ id: z.uuid(), deleted: z.literal(true) })
  .meta({ id: 'MonitoredItemDeleted' });

/**
 * The add and edit form of spec 1 §4 "Monitored item form": the description, and the value
 * checked for the type against the partner's countries (a card's value is the frame's).
 */
export const monitoredItemFormSchema = (
  dataType: MonitoredDataType,
  countries: readonly MonitoringCountry[],
  mode: 'add' | 'edit',
) =>
  z
    .object({ friendlyName: friendlyNameSchema, value: z.string().optional() })
    .superRefine(({ value }, ctx) => {
      if (mode === 'edit' || dataType === 'CARD') return;
      const problem = checkMonitoredValue(dataType, value, countries);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['value'] });
    });

/** `POST tokeniser/http/generate/{id}`: the portal's origin and its look for the frame. */
export const cardFrameRequestSchema = z
  .object({
    /** The page that will frame it: the frame talks to this origin only. */
    origin: z.url({ protocol: /^https?$/, error: 'validation.invalid' }).max(ORIGIN_MAX_LENGTH),
    /** Style sheet for the frame's field, so it looks like the portal's (no url(), no @import). */
    css: z
      .string()
      .max(CARD_FRAME_CSS_MAX)
      .refine((css) => !/@import|url\s*\(|expression\s*\(|<\//i.test(css), 'validation.invalid')
      .default(''),
  })
  .meta({ id: 'CardFrameRequest' });
export const cardFrameSchema = z
  .object({ url: z.url(), expiresAt: z.iso.datetime() })
  .meta({ id: 'CardFrame' });
export const cardFrameParamsSchema = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/**
 * What the card-entry frame tells the page that framed it (`postMessage`, spec 1 §4 "card
 * capture events"): the portal acts on these from the frame's origin only.
 */
export const CARD_FRAME_SOURCE = 'tern-card-frame';
export type CardFrameEvent =
  | { source: typeof CARD_FRAME_SOURCE; type: 'ready' }
  | { source: typeof CARD_FRAME_SOURCE; type: 'focus'; focused: boolean }
  | { source: typeof CARD_FRAME_SOURCE; type: 'change'; empty: boolean; error: string | null }
  | { source: typeof CARD_FRAME_SOURCE; type: 'validation'; valid: boolean; error: string | null }
  | {
      source: typeof CARD_FRAME_SOURCE;
      type: 'post';
      success: boolean;
      token: string | null;
      displayValue: string | null;
      error: string | null;
    }
  | { source: typeof CARD_FRAME_SOURCE; type: 'resize'; height: number };
/** What the portal may ask of the frame: to tokenise what was typed. */
export type CardFrameCommand = { source: 'tern-portal'; type: 'submit' };
