import type { Role } from '../constants.ts';
import {
  kindsOf,
  type ResolutionActor,
  type ResolutionKind,
  type ResolutionStatus,
  type ResolutionType,
} from './schemas.ts';

/**
 * The resolution rules of spec 2 §4.7, §6 and §9, shared by the API (which enforces them) and
 * the portal (which shows only what they allow): the status machine, who may move it, the
 * policy cap and which options a viewer sees.
 */

type Moves = Partial<Record<ResolutionStatus, readonly ResolutionActor[]>>;

const SYSTEM = ['system'] as const;
const CUSTOMER = ['customer'] as const;

/**
 * Every move the engine, the providers and the insured may make (spec 2 §4.7 "Customer
 * actions" and "Display by status"); agents' overrides are `agentMoves` below.
 *  - N/A → Initial: a dependent cash option opens when its lounge or hotel ends unbooked.
 *  - Initial → OptionsSent: lounges, hotels or flights found to offer; → None: none exist.
 *  - Initial → Requested (manual cash or points, a rebooking or hotel Yes) or Confirmed
 *    (cash or points claimed), CallMe, Rejected (No).
 *  - OptionsSent → Requested (a hotel or flights picked), Booked (a lounge booked), None (no
 *    terminal access), Rejected, Failed (the booking failed).
 *  - Requested → Confirmed (staff or the provider accepted), Booked, Failed.
 *  - Confirmed → Booked (a rebooking ticketed), Redeemed, Failed (a payment returned).
 *  - Booked → Confirmed (the customer confirms a lounge), Redeemed (the pass was scanned).
 *  - Failed → Requested / Confirmed (claimed again), OptionsSent (picked again).
 */
const MOVES: Record<ResolutionStatus, Moves> = {
  'N/A': { Initial: SYSTEM, None: SYSTEM },
  Initial: {
    OptionsSent: SYSTEM,
    None: SYSTEM,
    'N/A': SYSTEM,
    Requested: CUSTOMER,
    Confirmed: CUSTOMER,
    CallMe: CUSTOMER,
    Rejected: CUSTOMER,
  },
  CallMe: { OptionsSent: SYSTEM },
  OptionsSent: {
    Requested: CUSTOMER,
    Booked: ['system', 'customer'],
    None: ['system', 'customer'],
    Rejected: CUSTOMER,
    Failed: SYSTEM,
  },
  Requested: { Confirmed: SYSTEM, Booked: SYSTEM, Failed: SYSTEM },
  Confirmed: { Booked: SYSTEM, Redeemed: SYSTEM, Failed: SYSTEM },
  Booked: { Confirmed: CUSTOMER, Redeemed: SYSTEM, Failed: SYSTEM },
  Failed: { Requested: CUSTOMER, Confirmed: CUSTOMER, OptionsSent: ['system', 'customer'] },
  Rejected: {},
  None: {},
  Redeemed: {},
};

/** Spec 2 §4.7 "Agent overrides": reject or reset any type; no lounge or no hotel. */
export function agentMoves(type: ResolutionType): ResolutionStatus[] {
  const kinds = kindsOf(type);
  const none = kinds.includes('LOUNGE') || kinds.includes('HOTEL');
  return ['Rejected', 'Initial', ...(none ? (['None'] as const) : []), 'Confirmed'];
}

/** Statuses nothing moves on from (but an agent's reset). */
export const FINAL_STATUSES: readonly ResolutionStatus[] = ['Rejected', 'None', 'Redeemed'];

/**
 * Statuses in which the option has been given: cash or points on their way or paid, a
 * booking made, a pass used. No override takes it back (issue 25 item 5.7): money that has
 * left is not undone by a reset, nor a booking by a rejection.
 */
export const DELIVERED_STATUSES: readonly ResolutionStatus[] = ['Confirmed', 'Booked', 'Redeemed'];
/** An option done with: asked for (staff or a provider to act) or delivered; its outcome shows. */
export const DONE_STATUSES: readonly ResolutionStatus[] = ['Requested', ...DELIVERED_STATUSES];

/**
 * Whether `actor` may move an option of `type` from `from` to `to`. An agent makes only the
 * overrides, on an option not yet given (and resets one only once it was open: a cash option
 * waiting on its lounge opens when the lounge ends), and confirms only a manual option the
 * customer has asked for (Requested).
 */
export function mayMove(
  type: ResolutionType,
  from: ResolutionStatus,
  to: ResolutionStatus,
  actor: ResolutionActor,
): boolean {
  if (from === to) return false;
  if (actor === 'agent') {
    if (to === 'Confirmed') return from === 'Requested';
    if (DELIVERED_STATUSES.includes(from) || (to === 'Initial' && from === 'N/A')) return false;
    return agentMoves(type).includes(to);
  }
  return (MOVES[from][to] ?? []).includes(actor);
}

/** Spec 2 §9: cap balance = cap − cap used; no cap (0) never runs out. */
export const capBalance = (policyCap: number, policyCapUsed: number): number =>
  policyCap > 0 ? policyCap - policyCapUsed : Number.POSITIVE_INFINITY;

/**
 * The cash an option pays within the cap left: all of it, part (capped), or nothing.
 * Answers the amount and whether the cap cut it.
 */
export function cappedAmount(amount: number, balance: number): { amount: number; capped: boolean } {
  if (amount <= balance) return { amount, capped: false };
  return { amount: Math.max(0, balance), capped: true };
}

/** The cap messages of spec 2 §9: reached when nothing is left; near when an option is capped. */
export function capMessages(
  policyCap: number,
  policyCapUsed: number,
  anyCapped: boolean,
): ('resolutions.messages.cap_reached' | 'resolutions.messages.cap_near')[] {
  if (policyCap > 0 && capBalance(policyCap, policyCapUsed) <= 0)
    return ['resolutions.messages.cap_reached'];
  return anyCapped ? ['resolutions.messages.cap_near'] : [];
}

/** The statuses in which the insured has something to do (Booked: confirm a lounge). */
const ACTIONABLE: readonly ResolutionStatus[] = ['Initial', 'OptionsSent', 'Failed'];
const waitsOnInsured = (o: { type: ResolutionType; status: ResolutionStatus }) =>
  ACTIONABLE.includes(o.status) || (o.status === 'Booked' && kindsOf(o.type).includes('LOUNGE'));

/**
 * `next.resolution`: the type of the first option, in the partner's order, that waits on the
 * insured; else the first still in progress; null when every option has ended.
 */
export function nextResolution(
  options: readonly { type: ResolutionType; status: ResolutionStatus }[],
): ResolutionType | null {
  const waiting = options.find(waitsOnInsured);
  if (waiting) return waiting.type;
  const open = options.find(
    (o) => !FINAL_STATUSES.includes(o.status) && !['N/A', 'Confirmed', 'Booked'].includes(o.status),
  );
  return open?.type ?? null;
}

/** Statuses in which an option is the insured's to act on. */
const CHOOSING: readonly ResolutionStatus[] = ['Initial', 'OptionsSent', 'Failed'];

/**
 * Spec 2 §6: a viewer with USER (the insured) is asked about the next resolution's type only:
 * other options waiting on a choice stay hidden until their turn, while what they already
 * have (requested, booked, confirmed, used) stays in view; rejected and not-yet-open ones are
 * not shown. Others — ADMIN and AGENT, also when acting for the insured — see every option.
 * `roles` are the viewer's own (an acting agent's, not the customer's).
 */
export function visibleOptions<
  T extends { type: ResolutionType; state: { status: ResolutionStatus } },
>(options: readonly T[], next: ResolutionType | null, roles: readonly Role[]): T[] {
  if (!roles.includes('USER')) return [...options];
  return options.filter(
    (o) =>
      o.state.status !== 'Rejected' &&
      o.state.status !== 'N/A' &&
      (next === null || o.type === next || !CHOOSING.includes(o.state.status)),
  );
}

/**
 * Whether the insured may still choose a combined option's kind (Cash | Points): while it is
 * not yet claimed. The API's choice and the card's "choose again" read this one rule.
 */
export const mayChooseKind = (status: ResolutionStatus): boolean =>
  status === 'Initial' || status === 'Failed';

/** Whether the kind of an option is one of `kinds`. */
export const offersKind = (type: ResolutionType, kind: ResolutionKind): boolean =>
  kindsOf(type).includes(kind);

/**
 * The lounges a customer chooses from (spec 2 §4.7, §6 VIEW_OTHER_AVAILABLE_LOUNGES): those of
 * the flight's terminal (all of the airport's when it has none there, or the terminal is not
 * known), and the airport's others only where the partner allows viewing them.
 */
export function loungeChoices<T extends { terminal: string | null }>(
  lounges: readonly T[],
  terminal: string | null,
  viewOthers: boolean,
): { here: T[]; others: T[] } {
  const inTerminal = (lounge: T) =>
    terminal === null || lounge.terminal === null || lounge.terminal === terminal;
  const here = lounges.filter(inTerminal);
  const rest = lounges.filter((lounge) => !inTerminal(lounge));
  if (here.length === 0) return { here: rest, others: [] };
  return { here, others: viewOthers ? rest : [] };
}
