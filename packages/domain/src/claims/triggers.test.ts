import { describe, expect, it } from 'vitest';
import { claimTermsSchema } from '../partners/index.ts';
import { parseMeasurement, reachesThreshold } from './triggers.ts';

const terms = claimTermsSchema.parse({
  retention: 50_000,
  applicableLimit: 2_500_000,
  powerCutMinutes: 240,
  roadClosureMinutes: 1440,
});

describe('a measured value as the operator types it', () => {
  it('reads centimetres for a flood and minutes for an outage or a closure', () => {
    expect(parseMeasurement('flood', '45cm')).toBe(45);
    expect(parseMeasurement('flood', '0.5m')).toBe(50);
    expect(parseMeasurement('flood', '120 mm')).toBe(12);
    expect(parseMeasurement('outage', '5h')).toBe(300);
    expect(parseMeasurement('outage', '90min')).toBe(90);
    expect(parseMeasurement('closure', '2d')).toBe(2880);
  });

  it('refuses a unit of the wrong kind, or no number', () => {
    expect(parseMeasurement('flood', '5h')).toBeNull();
    expect(parseMeasurement('outage', '45cm')).toBeNull();
    expect(parseMeasurement('flood', 'deep')).toBeNull();
    expect(parseMeasurement('flood', '45')).toBeNull();
    expect(parseMeasurement('flood', '-3cm')).toBeNull();
  });
});

describe('the threshold', () => {
  it('is the partner’s, reached at or above it', () => {
    expect(reachesThreshold('flood', 30, terms)).toBe(true);
    expect(reachesThreshold('flood', 29, terms)).toBe(false);
    expect(reachesThreshold('outage', 240, terms)).toBe(true);
    expect(reachesThreshold('outage', 239, terms)).toBe(false);
    expect(reachesThreshold('closure', 1439, terms)).toBe(false);
  });
});
