import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  addLocalMinutes,
  instantOf,
  localTimeWithOffset,
  minutesBetweenLocal,
  parseWallClock,
  wallClockAt,
} from './local-time.ts';

const TORONTO = 'America/Toronto';
const PARIS = 'Europe/Paris';

describe('parseWallClock', () => {
  it('reads real dates and times, with T or a space', () => {
    expect(parseWallClock('2024-02-29')).toBe('2024-02-29T00:00');
    expect(parseWallClock(' 2000-02-29 23:59 ')).toBe('2000-02-29T23:59');
    expect(parseWallClock('0001-01-01')).toBe('0001-01-01T00:00');
    expect(parseWallClock('9999-12-31T23:59')).toBe('9999-12-31T23:59');
  });

  it('refuses 29 February outside a leap year, and other days no calendar has', () => {
    for (const bad of ['2025-02-29', '1900-02-29', '2100-02-29', '2025-04-31', '2025-00-10']) {
      expect(parseWallClock(bad), bad).toBeNull();
    }
  });

  it('refuses times past 23:59 and other shapes', () => {
    for (const bad of [
      '2025-06-15T24:00',
      '2025-06-15T12:60',
      '2025-06-15T7:00',
      '15/06/2025',
      '2025-6-1',
      '2025-06-15T10:00:00Z',
      '',
      'soon',
    ]) {
      expect(parseWallClock(bad), bad).toBeNull();
    }
  });
});

describe('local times in a time zone', () => {
  it('counts real minutes across a spring-forward and a fall-back', () => {
    // Toronto's clocks go 02:00 → 03:00 on 8 March 2026 and 02:00 → 01:00 on 1 November.
    expect(minutesBetweenLocal('2026-03-08 01:30', '2026-03-08 03:30', TORONTO)).toBe(60);
    expect(minutesBetweenLocal('2026-11-01 00:30', '2026-11-01 02:30', TORONTO)).toBe(180);
    expect(minutesBetweenLocal('2026-03-29T01:30', '2026-03-29T03:30', PARIS)).toBe(60);
    // Without a zone the wall clocks are compared as they read.
    expect(minutesBetweenLocal('2026-03-08 01:30', '2026-03-08 03:30')).toBe(120);
    expect(minutesBetweenLocal('2026-02-01 23:30', '2026-02-02 00:15', TORONTO)).toBe(45);
  });

  it('adds real minutes: a minute after 01:59 on a spring-forward is 03:00', () => {
    expect(addLocalMinutes('2026-03-08T01:59', 1, TORONTO)).toBe('2026-03-08T03:00');
    expect(addLocalMinutes('2026-03-08T01:59', 1)).toBe('2026-03-08T02:00');
    expect(addLocalMinutes('2024-02-28T23:59', 1, PARIS)).toBe('2024-02-29T00:00');
    expect(addLocalMinutes('2025-02-28T23:59', 1, PARIS)).toBe('2025-03-01T00:00');
  });

  it('names the instant a wall-clock time stands for', () => {
    expect(instantOf('2026-07-01 12:00', TORONTO)?.getTime()).toBe(
      Date.parse('2026-07-01T16:00:00Z'),
    );
    expect(instantOf('2026-01-01 12:00', TORONTO)?.getTime()).toBe(
      Date.parse('2026-01-01T17:00:00Z'),
    );
    expect(wallClockAt(new Date('2026-07-01T16:00:00Z'), TORONTO)).toBe('2026-07-01T12:00');
    expect(wallClockAt(new Date('2026-01-15T12:00:00Z'), 'Etc/GMT+12')).toBe('2026-01-15T00:00');
  });

  it('answers nothing for a time that is not real', () => {
    expect(instantOf('2025-02-29 10:00', TORONTO)).toBeNull();
    expect(addLocalMinutes('2025-02-29T10:00', 1, TORONTO)).toBeNull();
    expect(minutesBetweenLocal('soon', '2026-01-01 10:00', TORONTO)).toBeNaN();
  });
});

describe('localTimeWithOffset', () => {
  it('writes the runtime’s local time with its offset, the same instant', () => {
    const instant = new Date('2026-11-23T10:00:00.000Z');
    const text = localTimeWithOffset(instant);
    expect(new Date(text).toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(z.iso.datetime({ offset: true }).safeParse(text).success).toBe(true);
    expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
  });
});
