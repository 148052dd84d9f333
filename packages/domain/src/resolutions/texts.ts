import { codedText, type CodedText } from '../i18n/coded-text.ts';

/**
 * The texts about a disruption that Tern and the disruption providers write by key, so the
 * portal writes them in the reader's language (issue 25 item 5.13): the keys live in the
 * `resolutions` namespace of every language's texts (a test holds each to it).
 */
export const RESOLUTION_TEXT_KEYS = {
  /** A resolution's cash payment: `{ flight, embarkDate }`. */
  paymentReason: 'resolutions:texts.payment_reason',
  /** A hotel near the airport: `{ km, minutes?, breakfastTime? }`. */
  hotelWalkBreakfast: 'resolutions:texts.hotel.walk_breakfast',
  hotelWalkEarly: 'resolutions:texts.hotel.walk_early',
  hotelShuttleBreakfast: 'resolutions:texts.hotel.shuttle_breakfast',
  hotelShuttleEarly: 'resolutions:texts.hotel.shuttle_early',
  /** A hotel room booked: `{ count, hotel, checkIn }`. */
  hotelBooked: 'resolutions:texts.hotel.booked',
  /** Passengers rebooked: `{ count, flight }`. */
  rebooked: 'resolutions:texts.rebooking.booked',
  /** Where a lounge is: `{ level, gate }` after security, `{ row }` before. */
  loungeEscalator: 'resolutions:texts.lounge.escalator',
  loungeLift: 'resolutions:texts.lounge.lift',
  loungeLandside: 'resolutions:texts.lounge.landside',
  /** A lost bag's staged cash payment: `{ pir }`. */
  bagPaymentReason: 'resolutions:texts.bag.payment_reason',
  /** A stage of a lost bag's cash: `{ hours }` since the report without the bag. */
  bagStage: 'resolutions:texts.bag.stage',
  /** The recommendation once a bag is declared lost (BAG_LOST): `{ limit }` in SDR. */
  bagLost: 'resolutions:texts.bag.lost',
  /** The carrier's liability for baggage (Montreal Convention): `{ limit }` in SDR. */
  montrealNote: 'resolutions:texts.bag.montreal',
} as const;

/** The reason of a resolution's cash payment, as the payments list shows it. */
export const paymentReasonText = (flight: string, embarkDate: string): CodedText =>
  codedText(RESOLUTION_TEXT_KEYS.paymentReason, { flight, embarkDate });

/** The reason of a lost bag's cash payment, as the payments list shows it. */
export const bagPaymentReasonText = (pir: string): CodedText =>
  codedText(RESOLUTION_TEXT_KEYS.bagPaymentReason, { pir });
