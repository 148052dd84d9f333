import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ResolutionActor, ResolutionKind, ResolutionStatus } from '@tern/domain';
import { at, createdAt, updatedAt } from '../../db/columns.ts';
import type {
  AlternateFlight,
  Hotel,
  HotelBooking,
  Lounge,
  RebookedFlight,
} from '../../providers/disruption/port.ts';
import { ownerColumns } from '../accounts/tables.ts';
import { lostBags } from '../luggage/tables.ts';
import { flightAlerts, flights, trips } from '../travel/tables.ts';

/**
 * Alerts the options engine has answered: one row per alert, written in the transaction that
 * creates its options, so an alert brings options once however many instances see it.
 */
export const resolutionAlerts = pgTable('resolution_alerts', {
  alertId: uuid('alert_id')
    .primaryKey()
    .references(() => flightAlerts.id, { onDelete: 'cascade' }),
  /** How many options it brought (0: the partner offers nothing for it). */
  options: integer('options').notNull(),
  evaluatedAt: createdAt(),
});

/**
 * What an option offered the insured to pick from, kept as the providers offered it. Rows
 * written before texts had keys hold plain sentences (`Stored`): the mapper shows them as given.
 */
type Stored<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | string };
export interface ResolutionOffers {
  lounges?: Stored<Lounge, 'directions'>[];
  hotels?: Stored<Pick<Hotel, 'alternateId' | 'name' | 'description'>, 'description'>[];
  flights?: AlternateFlight[];
}

/** What a booking or claim came back with. */
export interface ResolutionOutcome {
  lounge?: {
    location: Stored<Omit<Lounge, 'capacity' | 'airport'>, 'directions'>;
    reference: string;
    name: string;
    units: number;
    expiryDate: string;
  };
  hotel?: Stored<HotelBooking, 'confirmationMessage'>;
  flights?: Stored<RebookedFlight, 'confirmationMessage'>[];
  points?: { reference: string };
}

/**
 * Resolution options (spec 2 §3 "Resolution option"): one per flight and type — a later alert
 * of the same flight (a longer delay, then a cancellation) adds only the types not yet offered
 * — or one per lost bag and cash stage. Its id is both the option's and the resolution's.
 */
export const resolutions = pgTable(
  'resolutions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ownerColumns(),
    /** flights; luggage and parametric options name their bag or item instead. */
    category: text('category').notNull().default('flights'),
    tripId: uuid('trip_id').references(() => trips.id, { onDelete: 'cascade' }),
    flightId: uuid('flight_id').references(() => flights.id, { onDelete: 'cascade' }),
    /** A lost bag's option (category luggage): its bag, and the cash stage that opened it. */
    bagId: uuid('bag_id').references(() => lostBags.id, { onDelete: 'cascade' }),
    stage: integer('stage'),
    /** The stage's hours after the report, as the partner's rules said when it opened. */
    stageHours: integer('stage_hours'),
    /** The alert that brought it. */
    alertId: uuid('alert_id').references(() => flightAlerts.id, { onDelete: 'set null' }),
    /** Whose cap it draws on: the trip's policy number, or the trip itself without one. */
    capKey: text('cap_key').notNull(),
    /** The partner's order of offers: the order the insured is offered them. */
    position: integer('position').notNull(),
    type: text('type').notNull(),
    status: text('status').$type<ResolutionStatus>().notNull(),
    dependency: text('dependency').$type<'LOUNGE' | 'HOTEL'>(),
    /** Cash in minor units, as priced (before the cap). */
    amount: bigint('amount', { mode: 'number' }),
    points: integer('points'),
    currency: text('currency'),
    manual: boolean('manual').notNull().default(false),
    chosenType: text('chosen_type').$type<ResolutionKind>(),
    /** The cash paid (minor units) once claimed, within the cap. */
    paidAmount: bigint('paid_amount', { mode: 'number' }),
    capped: boolean('capped').notNull().default(false),
    loungeId: text('lounge_id'),
    payoutMethodId: uuid('payout_method_id'),
    paymentId: uuid('payment_id'),
    firstName: text('first_name'),
    surname: text('surname'),
    rejected: boolean('rejected').notNull().default(false),
    callMe: boolean('call_me').notNull().default(false),
    flightIds: jsonb('flight_ids').$type<string[]>().notNull().default([]),
    alternateId: text('alternate_id'),
    offers: jsonb('offers').$type<ResolutionOffers>().notNull().default({}),
    outcome: jsonb('outcome').$type<ResolutionOutcome>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('resolutions_flight_type_idx').on(t.flightId, t.type),
    // A stage opens once however many instances (its job, the sweep, a bag's change) see it.
    uniqueIndex('resolutions_bag_stage_idx').on(t.bagId, t.stage),
    index('resolutions_user_idx').on(t.userId),
    index('resolutions_cap_idx').on(t.partnerId, t.capKey),
    check('resolutions_amount_positive', sql`${t.amount} is null or ${t.amount} > 0`),
    check('resolutions_bag_stage', sql`${t.bagId} is null or ${t.stage} is not null`),
  ],
);

/** Every status change of a resolution: its audit trail (who, from, to, the agent's reason). */
export const resolutionEvents = pgTable(
  'resolution_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resolutionId: uuid('resolution_id')
      .notNull()
      .references(() => resolutions.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<ResolutionStatus>(),
    toStatus: text('to_status').$type<ResolutionStatus>().notNull(),
    actor: text('actor').$type<ResolutionActor>().notNull(),
    /** The agent acting for the customer. */
    agentId: uuid('agent_id'),
    reason: text('reason'),
    at: at('at').notNull(),
    /** The order of changes made within one clock tick. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('resolution_events_resolution_idx').on(t.resolutionId, t.at)],
);

/** Lounge entries, one per guest of a booked lounge: the pass page shows one. */
export const loungePasses = pgTable(
  'lounge_passes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resolutionId: uuid('resolution_id')
      .notNull()
      .references(() => resolutions.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    displayCode: text('display_code').notNull(),
    /** The lounge's QR image of the code, as a data URL. */
    displayCodeUrl: text('display_code_url').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lounge_passes_resolution_idx').on(t.resolutionId)],
);
