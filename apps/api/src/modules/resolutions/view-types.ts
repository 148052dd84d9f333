import type { CodedText, ResolutionActor, ResolutionKind, ResolutionStatus } from '@tern/domain';
import type { ResolutionOffers, ResolutionOutcome } from './tables.ts';

/** What the resolution answers read (`view-repo.ts`), as PostgreSQL builds it in JSON. */

export interface ViewEvent {
  resolutionId: string;
  at: string;
  from: ResolutionStatus | null;
  to: ResolutionStatus;
  actor: ResolutionActor;
  agentId: string | null;
  reason: string | null;
}

export interface ViewPayment {
  resolutionId: string;
  paymentId: string;
  status: 'requested' | 'sent' | 'settled' | 'failed';
  amount: number;
  currency: string;
  requestedAt: string;
  sentAt: string | null;
  settledAt: string | null;
  failedAt: string | null;
  failureText: CodedText | null;
}

/** One option as the answer reads it. */
export interface ViewOption {
  id: string;
  flightId: string | null;
  type: string;
  status: ResolutionStatus;
  dependency: 'LOUNGE' | 'HOTEL' | null;
  amount: number | null;
  points: number | null;
  currency: string | null;
  manual: boolean;
  chosenType: ResolutionKind | null;
  paidAmount: number | null;
  capped: boolean;
  loungeId: string | null;
  payoutMethodId: string | null;
  paymentId: string | null;
  firstName: string | null;
  surname: string | null;
  rejected: boolean;
  callMe: boolean;
  flightIds: string[];
  alternateId: string | null;
  /** A lost bag's cash stage and its hours after the report; null for other options. */
  stage: number | null;
  stageHours: number | null;
  /** Null unless the insured is picking from them (OptionsSent, Failed). */
  offers: ResolutionOffers | null;
  /** Null until the option is requested or done. */
  outcome: ResolutionOutcome | null;
  created: string;
}

export interface FlightView {
  policyNumber: string | null;
  capUsed: number;
  passengers: { passengerId: string; name: string; surname: string }[];
  /** Null when the trip has no such open flight. */
  flight: {
    flightId: string;
    tripId: string;
    flightNumber: string;
    embarkDate: string;
    embarkTime: string;
    origin: string;
    destination: string | null;
    terminal: string | null;
    delayMinutes: number;
  } | null;
  /** The newest disruption (DELAY or CANCELLATION), else the newest alert. */
  alert: { alertType: string; delayDate: string | null; created: string } | null;
  /** The flight's statuses, newest first. */
  evidence: {
    at: string;
    state: string;
    delayMinutes: number;
    departureLocal: string;
    divertedTo: string | null;
    source: 'provider' | 'customer';
  }[];
  /** In the partner's order. */
  options: ViewOption[];
  /** Every change of every option, newest first. */
  events: ViewEvent[];
  passes: { resolutionId: string; passId: string; firstName: string; surname: string }[];
  /** Every attempt at paying each option, oldest first. */
  payments: ViewPayment[];
}

/** A lost bag's options as the answer reads them: its trip's policy and cap used too. */
export type BagView = Pick<
  FlightView,
  'policyNumber' | 'capUsed' | 'options' | 'events' | 'passes' | 'payments'
>;
