import {
  DONE_STATUSES,
  asCodedText,
  cappedAmount,
  kindsOf,
  toFlag,
  type LoungePass,
  type ResolutionOption,
} from '@tern/domain';
import type { LoungePassRow, ResolutionRow } from './repo.ts';
import type { ViewEvent, ViewOption, ViewPayment } from './view-repo.ts';

/** Statuses in which an option's cash is still to be claimed: its prize follows the cap left. */
const UNCLAIMED = ['Initial', 'Failed', 'N/A', 'OptionsSent', 'CallMe'];

/**
 * An option as the portal sees it (spec 2 §3 "Resolution option"). The cash it shows before it
 * is claimed is what the cap left would pay (`capped` when that is less than its worth).
 */
export function toResolutionOption(
  row: ViewOption,
  related: {
    capLeft: number;
    /** The option's payment now (its `paymentId`'s), if any. */
    payment: ViewPayment | undefined;
    passes: ResolutionOption['passes'];
  },
): ResolutionOption {
  const { capLeft, payment } = related;
  const kinds = kindsOf(row.type);
  const unclaimed = UNCLAIMED.includes(row.status);
  const cash =
    row.amount === null
      ? null
      : unclaimed
        ? cappedAmount(row.amount, capLeft)
        : { amount: row.paidAmount ?? row.amount, capped: row.capped };
  const { lounge, hotel, flights, points } = row.outcome ?? {};
  const done = DONE_STATUSES.includes(row.status);
  const lounges = row.offers?.lounges ?? [];
  return {
    id: row.id,
    type: row.type,
    state: {
      status: row.status,
      resolution: { resolutionId: row.id, flightId: row.flightId },
      booking: lounge
        ? {
            location: {
              name: lounge.location.name,
              securityLocation: lounge.location.securityLocation,
              terminal: lounge.location.terminal,
              directions: asCodedText(lounge.location.directions),
            },
            name: lounge.name,
            units: lounge.units,
            confirmation: { displayCode: lounge.reference, expirydate: lounge.expiryDate },
          }
        : null,
      lounges: lounges.map(({ capacity: _capacity, airport: _airport, ...l }) => ({
        ...l,
        directions: asCodedText(l.directions),
      })),
      availableHotels: (row.offers?.hotels ?? []).map((h) => ({
        ...h,
        description: asCodedText(h.description),
        resolutionId: row.id,
      })),
      alternateFlights: row.offers?.flights ?? [],
      confirmation:
        done && (hotel || flights || cash || points)
          ? {
              name: hotel?.name ?? null,
              confirmationNumber: hotel?.confirmationNumber ?? points?.reference ?? null,
              confirmationMessage: hotel ? asCodedText(hotel.confirmationMessage) : null,
              flights: (flights ?? []).map((f) => ({
                ...f,
                confirmationMessage: asCodedText(f.confirmationMessage),
              })),
              prize:
                row.chosenType === 'POINTS' || row.type === 'POINTS'
                  ? row.points
                  : (cash?.amount ?? null),
              currency: row.chosenType === 'POINTS' || row.type === 'POINTS' ? null : row.currency,
              capped: toFlag(cash?.capped ?? false),
            }
          : null,
      payment: payment
        ? {
            paymentId: payment.paymentId,
            status: payment.status,
            amount: payment.amount,
            currency: payment.currency,
          }
        : null,
    },
    dependency: row.dependency ?? null,
    prize: kinds.includes('CASH') ? (cash?.amount ?? null) : row.points,
    points: row.points,
    currency: row.currency,
    cap: cash?.capped ? row.amount : null,
    capped: toFlag(cash?.capped ?? false),
    manual: toFlag(row.manual),
    chosenType: row.chosenType ?? null,
    loungeId: row.loungeId,
    payoutMethodId: row.payoutMethodId,
    firstName: row.firstName,
    surname: row.surname,
    rejected: toFlag(row.rejected),
    callMe: toFlag(row.callMe),
    flightIds: row.flightIds,
    alternateId: row.alternateId,
    passes: related.passes,
    created: row.created,
  };
}

/**
 * The reason shown with a change: an agent's own words. What moved an option by itself (no
 * lounge at the airport, a hotel full, a payment returned) the portal says in the reader's
 * language from the change itself; rows written before kept an English sentence, not shown.
 */
export const reasonOf = (event: Pick<ViewEvent, 'actor' | 'reason'>) =>
  event.actor === 'agent' ? event.reason : null;

export const toLoungePass = (
  pass: LoungePassRow,
  row: ResolutionRow,
  flightNumber: string,
  walletUrl: string | null,
): LoungePass => ({
  passId: pass.id,
  resolutionId: row.id,
  firstName: pass.firstName,
  surname: pass.surname,
  displayCode: pass.displayCode,
  displayCodeUrl: pass.displayCodeUrl,
  expirydate: pass.expiresAt.toISOString(),
  location: {
    ...row.outcome.lounge!.location,
    directions: asCodedText(row.outcome.lounge!.location.directions),
  },
  flightNumber,
  walletUrl,
});
