/**
 * The flight data port: how Tern learns a flight's schedule and, later, where it is. The
 * embedded default is the simulator (`simulator/`); a real adapter for a public flight-status
 * API implements the same interface.
 */

/** A time at an airport: its own wall-clock time and the instant it stands for. */
export interface AirportTime {
  /** `YYYY-MM-DDTHH:mm`, in the airport's time zone. */
  local: string;
  /** ISO 8601 UTC. */
  utc: string;
}

/** One take-off to landing of a flight. */
export interface ScheduledLeg {
  /** IATA codes. */
  origin: string;
  destination: string;
  departure: AirportTime;
  arrival: AirportTime;
  /** The departure terminal, where the airport has several; null where it has one. */
  terminal: string | null;
  /** Seats sold: the most passengers who may claim on this leg. */
  totalPassengers: number;
}

/**
 * A flight as scheduled for one date: its number, the date of its first departure (local to
 * that airport) and its legs in order (one for a direct flight).
 */
export interface ScheduledFlight {
  flightNumber: string;
  /** IATA code of the operating airline. */
  airline: string;
  date: string;
  legs: ScheduledLeg[];
}

/** Where a flight is, as the provider says. */
export type FlightState = 'scheduled' | 'departed' | 'arrived' | 'cancelled' | 'diverted';

/** A flight's first leg as the provider sees it now. */
export interface FlightStatus {
  state: FlightState;
  /** When it leaves (or left): the scheduled time plus any delay. */
  departure: AirportTime;
  /** How late it leaves: 0 when on time. */
  delayMinutes: number;
  /** Where a diverted flight landed instead (IATA). */
  divertedTo: string | null;
  /**
   * When what the provider says last changed (ISO 8601 UTC), kept as evidence with the
   * change; null while the flight is as the timetable has it.
   */
  changedAt: string | null;
}

export interface FlightsPort {
  /**
   * The flights a number flies on a date: usually one, several where the number flies more
   * than once that day, none where it does not fly (FLIGHT_SCHEDULE_NOT_FOUND to the user).
   */
  schedules(flightNumber: string, date: string): Promise<ScheduledFlight[]>;
  /**
   * Where the flight leaving at `departureUtc` (one of its scheduled flights that date) is now;
   * null when no such flight is scheduled.
   */
  status(flightNumber: string, departureUtc: string): Promise<FlightStatus | null>;
}
