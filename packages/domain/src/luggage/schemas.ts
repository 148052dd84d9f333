import { z } from 'zod';
import { DOCUMENT_STATES } from '../documents/index.ts';
import { BAG_COLOURS, BAG_TYPES } from './worldtracer.ts';

/** Lost bags — the default configuration's dataset LUGGAGE (spec 2 §3 "Lost bag", §4.6, §7). */

/**
 * Where a bag stands. REPORTED: the customer has begun a report (the form's first save);
 * BAG_REPORTED_LOST once the report is complete (spec 2 §4.6: "Reported, then updated with
 * status BAG_REPORTED_LOST") — from then the airline's tracing system follows it:
 * located → forwarded → delivered, or lost when it is not found in time.
 */
export const BAG_STATUSES = [
  'REPORTED',
  'BAG_REPORTED_LOST',
  'BAG_LOCATED',
  'BAG_FORWARDED',
  'BAG_DELIVERED',
  'BAG_LOST',
] as const;
export type BagStatus = (typeof BAG_STATUSES)[number];
/** The statuses tracing moves a bag to; a report's own first two are the customer's. */
export const TRACED_BAG_STATUSES = [
  'BAG_LOCATED',
  'BAG_FORWARDED',
  'BAG_DELIVERED',
  'BAG_LOST',
] as const satisfies readonly BagStatus[];
/** Where tracing ends: no later change comes. */
export const FINAL_BAG_STATUSES = [
  'BAG_DELIVERED',
  'BAG_LOST',
] as const satisfies readonly BagStatus[];
/** Where the airline's tracing system follows a bag: the report is complete, tracing has not ended. */
export const OPEN_BAG_STATUSES = [
  'BAG_REPORTED_LOST',
  'BAG_LOCATED',
  'BAG_FORWARDED',
] as const satisfies readonly BagStatus[];
/** Who moved a bag: the customer (their report), the airline's tracing system, an operator (the simulator's CLI) or staff. */
export const BAG_EVENT_SOURCES = ['customer', 'tracing', 'operator', 'agent'] as const;

export const bagAttachmentSchema = z
  .object({
    attachmentId: z.uuid(),
    name: z.string(),
    /** The API link that answers a 302 to a short-lived signed download (spec 2 §7). */
    url: z.string(),
    contentType: z.string(),
    /**
     * scanning until the virus scan clears it; quarantined files are never served (a bag photo
     * is never awaiting: it is uploaded with its report, not through a signed upload URL).
     */
    state: z.enum(DOCUMENT_STATES),
  })
  .meta({ id: 'BagAttachment' });

/** One change of a bag's status: the evidence timeline. */
export const bagEventSchema = z
  .object({
    status: z.enum(BAG_STATUSES),
    /** UTC. */
    at: z.iso.datetime(),
    source: z.enum(BAG_EVENT_SOURCES),
    /** Where the tracing system saw the bag (an IATA airport code), when it says. */
    station: z.string().nullable(),
  })
  .meta({ id: 'BagEvent' });

export const lostBagSchema = z
  .object({
    bagId: z.uuid(),
    userId: z.uuid(),
    partnerId: z.string(),
    tripId: z.uuid(),
    flightId: z.uuid(),
    /** The flight's number and date, for the card's header. */
    flightNumber: z.string(),
    embarkDate: z.string(),
    status: z.enum(BAG_STATUSES),
    /** The airline's property irregularity report reference (WorldTracer file reference). */
    pir: z.string(),
    tagNumber: z.string(),
    colour: z.enum(BAG_COLOURS),
    type: z.enum(BAG_TYPES),
    /** UTC. */
    reportedOn: z.iso.datetime(),
    /** YYYY-MM-DD HH:mm where the bag was reported (the PIR's station). */
    reportedOnLocal: z.string(),
    /** An AirTag "Share Item Location" link, kept as evidence until Apple lets it lapse. */
    airtag: z.object({ url: z.url(), expiresAt: z.iso.datetime() }).nullable(),
    /** The bag report image (one document: spec 2 §7), its API link, or null. */
    image: z.string().nullable(),
    attachments: z.array(bagAttachmentSchema),
    /** Every status change, oldest first. */
    events: z.array(bagEventSchema),
    created: z.iso.datetime(),
  })
  .meta({ id: 'LostBag' });
export type LostBag = z.infer<typeof lostBagSchema>;
/** Newest report first. */
export const lostBagListSchema = z.array(lostBagSchema).meta({ id: 'LostBagList' });
