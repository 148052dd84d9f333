import type { TriggerType } from '@tern/domain';

/**
 * The parametric trigger feed (issue 28): measurements at insured premises — a power cut, water
 * above floor level, a closure order — from an outside source (a grid operator, a flood
 * gauge, a council). The claims area reads it and opens a claim when a measurement reaches
 * the cover's threshold. The embedded default is the simulator, which the operator drives
 * (`npm run sim -- parametric trigger …`) and which releases events as its clock reaches them.
 */
export interface TriggerEvent {
  /** The source's id of the event: one claim per item and event. */
  eventId: string;
  /** The insured business it was measured at (Tern's item id). */
  businessRef: string;
  type: TriggerType;
  /** In the type's unit (TRIGGER_TYPES: centimetres or minutes). */
  measuredValue: number;
  /** Who measured it, e.g. "Environment Agency gauge 531160". */
  source: string;
  /** When it was measured (ISO 8601 UTC). */
  at: string;
}

export interface TriggerFeedPort {
  /**
   * Events after `cursor` (null: from the beginning) whose time has come, oldest first, at most
   * `limit`, and the cursor to read on from. An event is given again only if the cursor is
   * not moved on: readers must be idempotent per event.
   */
  since(
    cursor: string | null,
    limit: number,
  ): Promise<{ events: TriggerEvent[]; cursor: string | null }>;
}
