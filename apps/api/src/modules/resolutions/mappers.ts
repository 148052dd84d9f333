import {
  DONE_STATUSES,
  RESOLUTION_TEXT_KEYS,
  asCodedText,
  codedText,
  cappedAmount,
  kindsOf,
  toFlag,
  type LoungePass,
  type PartnerConfig,
  type ResolutionOption,
  type ResolutionOptions,
  type ResolutionTrailEntry,
  type Role,
} from '@tern/domain';
import type { Caller } from '../../plugins/contracts.ts';
import type { LoungePassRow, ResolutionRow } from './repo.ts';
import type { FlightView, ViewEvent, ViewOption, ViewPayment } from './view-types.ts';

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
    stage:
      row.stage === null || row.stageHours === null
        ? null
        : {
            number: row.stage,
            afterHours: row.stageHours,
            description: codedText(RESOLUTION_TEXT_KEYS.bagStage, { hours: row.stageHours }),
          },
    passes: related.passes,
    created: row.created,
  };
}

/**
 * The reason shown with a change: an agent's own words. What moved an option by itself (no
 * lounge at the airport, a hotel full, a payment returned) the portal says in the reader's
 * language from the change itself; rows written before kept an English sentence, not shown.
 */
const reasonOf = (event: Pick<ViewEvent, 'actor' | 'reason'>) =>
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

/** An agent acting for the customer sees as staff (spec 2 §6), the customer as a USER. */
export const viewerRoles = (caller: Caller): Role[] => (caller.agentId ? ['AGENT'] : caller.roles);

/** The insured as the answer shows them: how the partner pays, what they may answer. */
export const insuredOf = (
  config: PartnerConfig,
  passengers: ResolutionOptions['insured']['passengers'],
): ResolutionOptions['insured'] => ({
  payoutCurrency: config.payouts.country.currency,
  payouts: config.payouts.supplier ? 'partner' : 'none',
  disruptionOptions: config.resolutions.disruptionOptions,
  passengers,
});

/** A payment's steps in the order they happen: the trail lists them newest first. */
const PAYMENT_STEPS = [
  ['failedAt', 'failed'],
  ['settledAt', 'settled'],
  ['sentAt', 'sent'],
] as const;

/**
 * The trail of a flight's (or a bag's) options, newest first: each change of status (whether the viewer
 * made it: the customer their own, an agent theirs) and each step of each payment.
 */
export function trailOf(
  view: Pick<FlightView, 'options' | 'events' | 'payments'>,
  caller: Caller,
): ResolutionTrailEntry[] {
  const byId = new Map(view.options.map((option) => [option.id, option]));
  const changes: ResolutionTrailEntry[] = view.events.map((e) => {
    const option = byId.get(e.resolutionId)!;
    return {
      type: option.type,
      at: e.at,
      from: e.from,
      to: e.to,
      actor: e.actor,
      reason: reasonOf(e),
      mine: toFlag(
        e.actor === 'customer'
          ? !caller.agentId
          : e.actor === 'agent' && e.agentId === caller.agentId,
      ),
      waitsOn: e.to === 'N/A' ? option.dependency : null,
      payment: null,
    };
  });
  const steps: ResolutionTrailEntry[] = view.payments.flatMap((payment) =>
    PAYMENT_STEPS.flatMap(([field, status]) => {
      const at = payment[field];
      return at
        ? [
            {
              type: byId.get(payment.resolutionId)!.type,
              at,
              from: null,
              to: null,
              actor: 'system' as const,
              reason: null,
              mine: 0 as const,
              waitsOn: null,
              payment: {
                status,
                amount: payment.amount,
                currency: payment.currency,
                failureText: status === 'failed' ? payment.failureText : null,
              },
            },
          ]
        : [];
    }),
  );
  // Both newest first; a payment's step follows the change that asked for it, so within one
  // instant it comes first. A stable merge keeps each list's own order.
  return [...steps, ...changes].sort((a, b) => b.at.localeCompare(a.at));
}
