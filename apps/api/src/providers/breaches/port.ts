import type { Breach, MonitoredDataType } from '@tern/domain';

/**
 * The breach source (issue 29): breaches of services and where identifiers turned up. The
 * monitoring area's scan jobs read it in two ways: what is new since a cursor (each new breach
 * is matched against every monitored item), and, for a new item or subscriber, which known
 * breaches an identifier is in. The embedded default is the simulator (a synthetic corpus the
 * operator plants matches in: `npm run sim -- breach add …`); Have I Been Pwned's API v3 is the
 * real adapter for email addresses.
 */
export type { Breach };

/** One identifier in a breach's data. */
export interface BreachRecord {
  dataType: MonitoredDataType;
  value: string;
}

/**
 * An identifier as a source gives it back: its value, or — from a source that keeps Tern's
 * own keyed hash of it (the simulator) — that hash alone, which spares the scan decrypting and
 * hashing again every record of a large breach.
 */
export type SourceRecord = BreachRecord | { dataType: MonitoredDataType; fingerprint: string };

export interface BreachSourcePort {
  /** Data types `lookup` answers for (HIBP: email addresses only). */
  readonly lookupTypes: readonly MonitoredDataType[];
  /**
   * Whether `records` gives a breach's identifiers (the simulator). Without them (HIBP) a new
   * breach is matched by looking up each monitored item of `lookupTypes` again.
   */
  readonly hasRecords: boolean;
  /**
   * Breaches added after `cursor` (null: from the beginning), oldest first, at most `limit`,
   * and the cursor to read on from. A breach is given again only if the cursor is not moved
   * on: readers must be idempotent per breach.
   */
  since(
    cursor: string | null,
    limit: number,
  ): Promise<{ breaches: Breach[]; cursor: string | null }>;
  /** A page of a breach's identifiers after `cursor`, and the cursor of the next page (null: done). */
  records(
    breachName: string,
    cursor: string | null,
    limit: number,
  ): Promise<{ records: SourceRecord[]; cursor: string | null }>;
  /** The breaches an identifier is in (HIBP `breachedaccount`); [] for a type not in `lookupTypes`. */
  lookup(dataType: MonitoredDataType, value: string): Promise<Breach[]>;
  /**
   * The breaches holding an identifier known only by its keyed hash (a card: Tern keeps no
   * number). Only a source matching by Tern's own fingerprints (the simulator) offers it.
   */
  lookupFingerprint?(dataType: MonitoredDataType, fingerprint: string): Promise<Breach[]>;
}
