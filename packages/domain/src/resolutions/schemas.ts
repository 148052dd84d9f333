import { z } from 'zod';
import { BAG_STATUSES } from '../luggage/index.ts';
import { disruptionOptionsSchema } from '../claims/index.ts';
import { codedTextSchema } from '../i18n/coded-text.ts';
import { flagSchema } from '../user-scope.ts';

/**
 * Disruption resolutions (spec 2 §2.5, §3 "Resolution option" and "Resolution options
 * container", §4.7): what a flight disruption (or a lost bag, or a parametric alert) gets the
 * insured — a lounge, cash, a rebooked flight, a hotel, loyalty points, or one of several.
 */

/** The single option types. */
export const RESOLUTION_KINDS = ['LOUNGE', 'CASH', 'REBOOKING', 'HOTEL', 'POINTS'] as const;
export type ResolutionKind = (typeof RESOLUTION_KINDS)[number];

/**
 * An option's type: one kind, or several joined by a vertical bar (`CASH|POINTS`), of which
 * the customer takes one (spec 2 §4.7 "Combined options").
 */
export const resolutionTypeSchema = z
  .string()
  .regex(/^(LOUNGE|CASH|REBOOKING|HOTEL|POINTS)(\|(LOUNGE|CASH|REBOOKING|HOTEL|POINTS))*$/, {
    error: 'validation.invalid',
  })
  .refine((type) => new Set(type.split('|')).size === type.split('|').length, {
    error: 'validation.invalid',
  })
  .describe('LOUNGE, CASH, REBOOKING, HOTEL, POINTS, or several joined by |, e.g. CASH|POINTS');
export type ResolutionType = string;

/** The kinds a type offers: `CASH|POINTS` → CASH, POINTS. */
export const kindsOf = (type: ResolutionType): ResolutionKind[] =>
  type.split('|') as ResolutionKind[];
export const isCombined = (type: ResolutionType): boolean => type.includes('|');

/** Spec 2 §4.7. `N/A`: an option waiting on another (cash instead of a lounge not taken). */
export const RESOLUTION_STATUSES = [
  'Initial',
  'OptionsSent',
  'CallMe',
  'Requested',
  'Confirmed',
  'Booked',
  'Rejected',
  'None',
  'N/A',
  'Redeemed',
  'Failed',
] as const;
export type ResolutionStatus = (typeof RESOLUTION_STATUSES)[number];

/** Who moved a resolution: the engine and providers, the insured, or an agent for them. */
export const RESOLUTION_ACTORS = ['system', 'customer', 'agent'] as const;
export type ResolutionActor = (typeof RESOLUTION_ACTORS)[number];

/** What a resolution is about (spec 2 §2.2 query `category`). */
export const RESOLUTION_CATEGORIES = ['flights', 'luggage', 'parametric'] as const;
export type ResolutionCategory = (typeof RESOLUTION_CATEGORIES)[number];

const isoTime = z.iso.datetime();

export const loungeSchema = z
  .object({
    loungeId: z.string(),
    terminal: z.string().nullable(),
    name: z.string(),
    securityLocation: z.string(),
    /** Semicolon separated. */
    businessHours: z.string(),
    /** The way from security, in the reader's language. */
    directions: codedTextSchema,
  })
  .meta({ id: 'Lounge' });
export type Lounge = z.infer<typeof loungeSchema>;

/** One guest's lounge entry: the pass page shows it, offline too. */
export const loungePassSchema = z
  .object({
    passId: z.uuid(),
    resolutionId: z.uuid(),
    firstName: z.string(),
    surname: z.string(),
    displayCode: z.string(),
    /** A QR image of the code (`data:image/png;base64,…`). */
    displayCodeUrl: z.string(),
    expirydate: isoTime,
    location: loungeSchema,
    flightNumber: z.string(),
    /**
     * Where the pass's wallet file is (the `walletPass` call's path, API root included:
     * `/api/v1/…`): set where a wallet signing certificate is configured, null elsewhere.
     */
    walletUrl: z.string().nullable(),
  })
  .meta({ id: 'LoungePass' });
export type LoungePass = z.infer<typeof loungePassSchema>;

/** The media type of a wallet pass: a signed zip Apple Wallet opens. */
export const WALLET_PASS_TYPE = 'application/vnd.apple.pkpass';

/** The name a wallet pass is saved under: its code, as a file name may carry it. */
export const walletPassFileName = (code: string) =>
  `lounge-pass-${code.replace(/[^A-Za-z0-9-]/g, '') || 'pass'}.pkpass`;

/** A lounge pass as a wallet file: its bytes (the contract's `file` names the media type). */
export const walletPassFileSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary', description: 'A signed .pkpass zip' });

export const alternateFlightSchema = z
  .object({
    flightId: z.string(),
    flightNumber: z.string(),
    linkId: z.string(),
    origin: z.string(),
    destination: z.string(),
    /** `YYYY-MM-DDTHH:mm` local. */
    embarkDate: z.string(),
    arrivalDate: z.string(),
    terminal: z.string().nullable(),
    stopAirport: z.string().nullable(),
    /** Minutes at the stop. */
    stopTime: z.int().nullable(),
  })
  .meta({ id: 'AlternateFlight' });
export type AlternateFlight = z.infer<typeof alternateFlightSchema>;

export const rebookedFlightSchema = z
  .object({
    flightNumber: z.string(),
    embarkDate: z.string(),
    originAirport: z.string(),
    destinationAirport: z.string(),
    confirmationNumber: z.string(),
    /** The airline's note, in the reader's language. */
    confirmationMessage: codedTextSchema,
  })
  .meta({ id: 'RebookedFlight' });

export const availableHotelSchema = z
  .object({
    alternateId: z.string(),
    resolutionId: z.uuid(),
    name: z.string(),
    /** Distance, shuttle, breakfast, in the reader's language. */
    description: codedTextSchema,
  })
  .meta({ id: 'AvailableHotel' });

/** A cash option's payment, followed to the bank (the payouts area's payment). */
export const resolutionPaymentSchema = z
  .object({
    paymentId: z.uuid(),
    status: z.enum(['requested', 'sent', 'settled', 'failed']),
    amount: z.int(),
    currency: z.string(),
  })
  .meta({ id: 'ResolutionPayment' });

/** Spec 2 §3 "Resolution option". Its `id` is also its `state.resolution.resolutionId`. */
export const resolutionOptionSchema = z
  .object({
    id: z.uuid(),
    type: z.string(),
    state: z.object({
      status: z.enum(RESOLUTION_STATUSES),
      resolution: z.object({ resolutionId: z.uuid(), flightId: z.uuid().nullable() }),
      /** LOUNGE once booked. */
      booking: z
        .object({
          /** Spec 2 §3 "Lounge state.booking.location". */
          location: z.object({
            name: z.string(),
            securityLocation: z.string(),
            terminal: z.string().nullable(),
            directions: codedTextSchema,
          }),
          name: z.string(),
          units: z.int(),
          confirmation: z.object({ displayCode: z.string(), expirydate: isoTime }),
        })
        .nullable(),
      /** LOUNGE in OptionsSent: the lounges of the flight's terminal (all, where allowed). */
      lounges: z.array(loungeSchema),
      /** HOTEL in OptionsSent. */
      availableHotels: z.array(availableHotelSchema),
      /** REBOOKING in OptionsSent. */
      alternateFlights: z.array(alternateFlightSchema),
      /** HOTEL, REBOOKING, CASH or POINTS once requested or done. */
      confirmation: z
        .object({
          name: z.string().nullable(),
          confirmationNumber: z.string().nullable(),
          /** The hotel's note, in the reader's language. */
          confirmationMessage: codedTextSchema.nullable(),
          flights: z.array(rebookedFlightSchema),
          prize: z.int().nullable(),
          currency: z.string().nullable(),
          capped: flagSchema,
        })
        .nullable(),
      payment: resolutionPaymentSchema.nullable(),
    }),
    /** A cash option that opens only when this one ends unbooked. */
    dependency: z.enum(['LOUNGE', 'HOTEL']).nullable(),
    /** Cash in minor units of `currency`, or points (POINTS; for CASH|POINTS see `points`). */
    prize: z.int().nullable(),
    points: z.int().nullable(),
    currency: z.string().nullable(),
    /** The cash before the policy cap cut it (null when not cut). */
    cap: z.int().nullable(),
    capped: flagSchema,
    /** Staff confirm it by hand after the customer's choice. */
    manual: flagSchema,
    /** The kind taken of a combined option. */
    chosenType: z.enum(RESOLUTION_KINDS).nullable(),
    loungeId: z.string().nullable(),
    payoutMethodId: z.uuid().nullable(),
    firstName: z.string().nullable(),
    surname: z.string().nullable(),
    rejected: flagSchema,
    callMe: flagSchema,
    flightIds: z.array(z.string()),
    alternateId: z.string().nullable(),
    /**
     * A lost bag's cash stage: its number, its hours after the report, and what it is in the
     * reader's language (cash after so many hours without the bag); null for other options.
     */
    stage: z
      .object({ number: z.int(), afterHours: z.int(), description: codedTextSchema })
      .nullable(),
    /** Lounge passes, one per guest, once booked. */
    passes: z.array(z.object({ passId: z.uuid(), firstName: z.string(), surname: z.string() })),
    created: isoTime,
  })
  .meta({ id: 'ResolutionOption' });
export type ResolutionOption = z.infer<typeof resolutionOptionSchema>;

/**
 * A flight status that led to the options: the evidence, with the rule's thresholds it
 * reached and did not yet reach (why an option is not there yet).
 */
export const resolutionEvidenceSchema = z
  .object({
    at: isoTime,
    state: z.string(),
    delayMinutes: z.int(),
    departureLocal: z.string(),
    /** Where a diverted flight landed (IATA). */
    divertedTo: z.string().nullable(),
    source: z.enum(['provider', 'customer']),
    /** The highest delay threshold (minutes) of the partner's offers this step reached. */
    threshold: z.int().nullable(),
    /** The next delay threshold of the partner's offers, not reached at this step: more then. */
    nextThreshold: z.int().nullable(),
  })
  .meta({ id: 'ResolutionEvidence' });
export type ResolutionEvidence = z.infer<typeof resolutionEvidenceSchema>;

/** What a cash payment went through, as the trail tells it. */
export const TRAIL_PAYMENT_STEPS = ['sent', 'settled', 'failed'] as const;

/** One line of the trail: an option's change of status, or a step of its payment. */
export const resolutionTrailEntrySchema = z
  .object({
    /** The option's type. */
    type: z.string(),
    at: isoTime,
    /** Null: the option was made (or this is a payment's step). */
    from: z.enum(RESOLUTION_STATUSES).nullable(),
    /** The option's new status; null for a payment's step. */
    to: z.enum(RESOLUTION_STATUSES).nullable(),
    actor: z.enum(RESOLUTION_ACTORS),
    /** The agent's reason, when they gave one. */
    reason: z.string().nullable(),
    /** The viewer made this change: the customer their own, an agent theirs. */
    mine: flagSchema,
    /** An option made not yet available waits on this ending unused (cash instead of it). */
    waitsOn: z.enum(['LOUNGE', 'HOTEL']).nullable(),
    /** A payment's step: sent to the bank, paid, or returned with the bank's reason. */
    payment: z
      .object({
        status: z.enum(TRAIL_PAYMENT_STEPS),
        amount: z.int(),
        currency: z.string(),
        /** Why the bank returned it, in the reader's language. */
        failureText: codedTextSchema.nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'ResolutionTrailEntry' });
export type ResolutionTrailEntry = z.infer<typeof resolutionTrailEntrySchema>;

/** Spec 2 §3 "Resolution options container": `GET /platform/resolutions/options`. */
export const resolutionOptionsSchema = z
  .object({
    resolutions: z.array(resolutionOptionSchema),
    insured: z.object({
      payoutCurrency: z.string(),
      /** `partner`: the partner pays out to the customer's payout methods; `none`: it does not. */
      payouts: z.enum(['partner', 'none']),
      disruptionOptions: disruptionOptionsSchema,
      /** The trip's passengers, for the lounge form. */
      passengers: z.array(
        z.object({ passengerId: z.uuid(), name: z.string(), surname: z.string() }),
      ),
    }),
    policy: z.object({
      policyNumber: z.string().nullable(),
      /** Minor units; 0 when the partner sets no cap. */
      policyCap: z.int(),
      policyCapUsed: z.int(),
      currency: z.string(),
    }),
    flight: z
      .object({
        flightId: z.uuid(),
        tripId: z.uuid(),
        flightNumber: z.string(),
        embarkDate: z.string(),
        embarkTime: z.string(),
        origin: z.string(),
        destination: z.string().nullable(),
        terminal: z.string().nullable(),
      })
      .nullable(),
    alert: z
      .object({
        alertType: z.enum(['DELAY', 'CANCELLATION', 'ONTIME']),
        delayDate: z.string().nullable(),
        delayMinutes: z.int(),
        created: isoTime,
      })
      .nullable(),
    /** The lost bag's header (spec 2 §2.5): PIR, created date, status, recommendation. */
    bag: z
      .object({
        bagId: z.uuid(),
        pir: z.string(),
        /** YYYY-MM-DD HH:mm on the clock of the PIR's station. */
        reportedOn: z.string(),
        /** When the report was made (UTC): the staged cash counts its hours from here. */
        created: isoTime,
        status: z.enum(BAG_STATUSES),
        /**
         * What the customer should do next, a `resolutions` text key: shown when the status is
         * BAG_LOST (claim from the airline under the Montreal Convention); null otherwise.
         */
        recommendation: z.string().nullable(),
        /** The carrier's liability per passenger (Montreal Convention), in SDR. */
        liabilityLimitSdr: z.int(),
        /**
         * The staged cash still to come while the bag is not delivered: when the next stage
         * opens (UTC) and what it pays (minor units), or null when none is left.
         */
        nextStage: z.object({ at: isoTime, amount: z.int() }).nullable(),
      })
      .nullable(),
    item: z
      .object({
        itemId: z.uuid(),
        itemTypeId: z.string(),
        properties: z.record(z.string(), z.unknown()),
      })
      .nullable(),
    next: z.object({ resolution: z.string().nullable() }),
    evidence: z.array(resolutionEvidenceSchema),
    /**
     * Every status change of every option of the flight and every step of its payments, newest
     * first — those a customer is not shown too (an agent's rejection and its reason).
     */
    trail: z.array(resolutionTrailEntrySchema),
  })
  .meta({ id: 'ResolutionOptions' });
export type ResolutionOptions = z.infer<typeof resolutionOptionsSchema>;
