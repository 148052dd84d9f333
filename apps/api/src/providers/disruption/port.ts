import type { CodedText } from '@tern/domain';

/**
 * The disruption-care ports: the outside services a disruption resolution books with — airport
 * lounges, hotels near the airport, the airline's rebooking desk and its loyalty ledger (cash
 * leaves through the payouts port). The embedded default is the simulator (`simulator/`);
 * real adapters implement the same interfaces and pass the same suite (`port-suite.ts`).
 *
 * Every booking call takes an `idempotencyKey`: asking twice with the same key (a retry after
 * a crash, two instances) answers the first booking instead of making a second.
 *
 * What a customer reads of a provider's answer (directions, a hotel's line, a confirmation)
 * is a `CodedText`: a key of the portal's texts and its values, which each portal writes in
 * its reader's language (issue 25 item 5.13); an adapter whose provider answers only a
 * sentence passes it on as free text (`freeText`), shown as given.
 */

/** A lounge at an airport (spec 2 §3 "Lounge"). */
export interface Lounge {
  loungeId: string;
  /** IATA code of the airport. */
  airport: string;
  /** Terminal name as the airport signs it; null where the airport has one terminal. */
  terminal: string | null;
  name: string;
  /** `airside` (after security) or `landside`. */
  securityLocation: 'airside' | 'landside';
  /** Opening hours, semicolon separated: `Mon-Fri 05:00-23:00;Sat-Sun 06:00-22:00`. */
  businessHours: string;
  directions: CodedText;
  /** Guests it takes at once. */
  capacity: number;
}

/** One guest's entry: what the lounge scans. */
interface LoungeEntry {
  /** The guest as booked. */
  firstName: string;
  surname: string;
  /** The code the lounge reads (printed under the QR). */
  displayCode: string;
  /** A QR image of `displayCode`, as a `data:image/png;base64,…` URL. */
  displayCodeUrl: string;
}

export interface LoungeBooking {
  /** The lounge's own booking reference. */
  reference: string;
  loungeId: string;
  /** How many guests it admits: one entry each. */
  units: number;
  entries: LoungeEntry[];
  /** ISO 8601 UTC: the passes are void after this. */
  expiryDate: string;
}

export interface LoungeBookingRequest {
  idempotencyKey: string;
  loungeId: string;
  /** The guests, lead guest first. */
  guests: { firstName: string; surname: string }[];
  /** ISO 8601 UTC: the (delayed) departure; passes expire with it. */
  departureUtc: string;
}

export interface LoungesPort {
  /** The lounges at an airport, in a terminal when given (null: all of the airport's). */
  list(airport: string, terminal: string | null): Promise<Lounge[]>;
  /**
   * Books entry for the guests. Answers `full` when the lounge cannot take that many now,
   * `unknown` for a lounge id it does not know.
   */
  book(request: LoungeBookingRequest): Promise<LoungeBooking | 'full' | 'unknown'>;
}

/** A hotel that takes stranded passengers (spec 2 §3 "Hotel"). */
export interface Hotel {
  /** The provider's id of this offer: what the customer picks. */
  alternateId: string;
  name: string;
  /** One line a customer reads: distance, shuttle, breakfast. */
  description: CodedText;
  /** IATA code of the airport it is near. */
  airport: string;
}

export interface HotelBooking {
  name: string;
  confirmationNumber: string;
  confirmationMessage: CodedText;
}

export interface HotelsPort {
  /** Hotels near the airport with `rooms` free on the night starting `date` (YYYY-MM-DD). */
  available(airport: string, date: string, rooms: number): Promise<Hotel[]>;
  /** Books the offer for the guests; `unavailable` when it has gone since it was offered. */
  book(request: {
    idempotencyKey: string;
    alternateId: string;
    guests: { firstName: string; surname: string }[];
  }): Promise<HotelBooking | 'unavailable'>;
}

/** A flight the airline offers instead (spec 2 §3 "Alternate flights"). */
export interface AlternateFlight {
  /** The provider's id of this offer: what the customer picks. */
  flightId: string;
  flightNumber: string;
  /** Offers made of two flights share one link id. */
  linkId: string;
  /** IATA codes. */
  origin: string;
  destination: string;
  /** `YYYY-MM-DDTHH:mm`, local to origin and destination. */
  embarkDate: string;
  arrivalDate: string;
  terminal: string | null;
  /** Where a connection stops (IATA) and for how long (minutes); null for a direct flight. */
  stopAirport: string | null;
  stopTime: number | null;
}

export interface RebookedFlight {
  flightNumber: string;
  /** `YYYY-MM-DDTHH:mm` local to the origin. */
  embarkDate: string;
  originAirport: string;
  destinationAirport: string;
  confirmationNumber: string;
  confirmationMessage: CodedText;
}

export interface RebookingPort {
  /**
   * Flights from `origin` to `destination` leaving after `afterUtc` (ISO 8601) that the
   * airline of `flightNumber` can seat `seats` passengers on: direct ones and connections.
   */
  alternates(request: {
    flightNumber: string;
    origin: string;
    destination: string;
    afterUtc: string;
    seats: number;
  }): Promise<AlternateFlight[]>;
  /** Rebooks the passengers on the picked offers; `unavailable` when one has gone. */
  rebook(request: {
    idempotencyKey: string;
    flightIds: string[];
    guests: { firstName: string; surname: string }[];
  }): Promise<RebookedFlight[] | 'unavailable'>;
}

export interface LoyaltyPort {
  /** Credits points to a member; the same key credits once. Answers the ledger's reference. */
  credit(request: {
    idempotencyKey: string;
    memberId: string;
    points: number;
    reason: string;
  }): Promise<{ reference: string; balance: number }>;
  /** The member's balance. */
  balance(memberId: string): Promise<number>;
}

/** Everything a resolution books with, other than money. */
export interface DisruptionPort {
  lounges: LoungesPort;
  hotels: HotelsPort;
  rebooking: RebookingPort;
  loyalty: LoyaltyPort;
}
