// Zod-free: the operator CLI, the API and the portal's timeline read these.
import type { ClaimTerms } from '../partners/index.ts';

/**
 * Parametric triggers (issue 28): an event measured at an insured business's premises that
 * opens a claim by itself when its measured value reaches the cover's threshold.
 */
export const TRIGGER_TYPES = {
  /** A power cut, measured in minutes without supply. */
  outage: {
    alertType: 'POWER_OUTAGE',
    unit: 'min',
    threshold: (t: ClaimTerms) => t.powerCutMinutes,
  },
  /** Water at the premises, measured in centimetres above floor level. */
  flood: { alertType: 'FLOOD', unit: 'cm', threshold: (t: ClaimTerms) => t.floodLevelCm },
  /** A closure order (road or premises), measured in minutes it is in force. */
  closure: {
    alertType: 'ROAD_CLOSURE',
    unit: 'min',
    threshold: (t: ClaimTerms) => t.roadClosureMinutes,
  },
} as const;
export type TriggerType = keyof typeof TRIGGER_TYPES;
export const TRIGGER_TYPE_NAMES = Object.keys(TRIGGER_TYPES) as [TriggerType, ...TriggerType[]];

const UNITS: Record<string, { unit: 'cm' | 'min'; factor: number }> = {
  cm: { unit: 'cm', factor: 1 },
  mm: { unit: 'cm', factor: 0.1 },
  m: { unit: 'cm', factor: 100 },
  min: { unit: 'min', factor: 1 },
  h: { unit: 'min', factor: 60 },
  d: { unit: 'min', factor: 24 * 60 },
};

/**
 * A measured value as an operator types it — `45cm`, `0.5m`, `5h`, `90min`, `2d` — in the
 * trigger type's unit (centimetres or minutes), or null when it is not one of its units.
 */
export function parseMeasurement(type: TriggerType, text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i.exec(text);
  if (!match) return null;
  const unit = UNITS[match[2]!.toLowerCase()];
  if (!unit || unit.unit !== TRIGGER_TYPES[type].unit) return null;
  return Math.round(Number(match[1]) * unit.factor);
}

/** Whether a measured value reaches the partner's threshold for its type. */
export const reachesThreshold = (type: TriggerType, value: number, terms: ClaimTerms): boolean =>
  value >= TRIGGER_TYPES[type].threshold(terms);
