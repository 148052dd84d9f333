/**
 * The bag-tracing port: how Tern hands a lost bag's file to the airline's tracing system
 * (SITA WorldTracer, where the airline's desk opened it) and reads where the bag stands. The
 * embedded default is the simulator (`simulator/`); a real adapter implements the same.
 */

/** Where a file stands, in the tracing system's order; delivered and lost end it. */
export const TRACING_STATES = ['reported', 'located', 'forwarded', 'delivered', 'lost'] as const;
export type TracingState = (typeof TRACING_STATES)[number];
export const FINAL_TRACING_STATES: readonly TracingState[] = ['delivered', 'lost'];

/** What the file holds of the bag, as the passenger's report gives it. */
export interface TracingFile {
  /** The file reference: station, airline, 5 digits (`YYZAC12345`). */
  pir: string;
  tagNumber: string;
  /** WorldTracer's colour and type codes. */
  colour: string;
  type: string;
  /** The station that opened the file and the airline (IATA codes, the PIR's first parts). */
  station: string;
  airline: string;
  /** When the bag was reported missing at the station (ISO 8601 UTC). */
  reportedAt: string;
}

/** One step of a file: its state, when the tracing system says it happened, and where. */
export interface TracingStep {
  state: TracingState;
  /** ISO 8601 UTC. */
  at: string;
  /** The station (IATA) where the bag was, when the system says. */
  station: string | null;
}

export interface TracingStatus {
  pir: string;
  /** The latest step's state. */
  state: TracingState;
  /** Every step, oldest first, beginning with `reported`. */
  history: TracingStep[];
}

export interface BagTracingPort {
  /**
   * Opens the file (or, for a PIR it holds already, takes the corrected details: one file
   * per PIR, opening twice is harmless).
   */
  open(file: TracingFile): Promise<void>;
  /** Where the file stands now, with its history; null for a PIR it holds no file of. */
  status(pir: string): Promise<TracingStatus | null>;
}
