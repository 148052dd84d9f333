import { describe, it, expect } from 'vitest';
import { checkDate, checkDateTime, dateSchema, dateTimeSchema } from './date.ts';

const today = '2025-06-15';

describe('date rule', () => {
  it('accepts real calendar dates, including a leap day', () => {
    expect(checkDate('2024-02-29', { today })).toBeNull();
    expect(checkDate('2025-06-15T10:30', { today })).toBeNull();
    expect(dateSchema({ today }).parse('2025-12-31')).toBe('2025-12-31');
  });

  it('needs a value only when required', () => {
    expect(checkDate('', { required: true })).toEqual({ key: 'validation.required' });
    expect(checkDate(null, { required: true })).toEqual({ key: 'validation.required' });
    expect(checkDate(null)).toBeNull();
  });

  it('refuses impossible or malformed dates', () => {
    for (const bad of [
      '2025-02-29',
      '2025-13-01',
      '2025-04-31',
      '15/06/2025',
      '2025-6-1',
      '2025-06-15T25:00',
      'soon',
    ]) {
      expect(checkDate(bad, { today }), bad).toEqual({ key: 'validation.invalid_date' });
    }
    expect(dateSchema().safeParse('2025-02-30').error?.issues[0]?.message).toBe(
      'validation.invalid_date',
    );
  });

  it('refuses past days when the past is disabled, but not today', () => {
    expect(checkDate('2025-06-14', { disablePast: true, today })).toEqual({
      key: 'validation.disabled_past',
    });
    expect(checkDate('2025-06-15', { disablePast: true, today })).toBeNull();
  });

  it('refuses days outside min and max, naming the bound', () => {
    const rule = { min: '2025-01-01', max: '2025-12-31', today };
    expect(checkDate('2024-12-31', rule)).toEqual({
      key: 'validation.disabled_before',
      values: { date: '2025-01-01' },
    });
    expect(checkDate('2026-01-01', rule)).toEqual({
      key: 'validation.disabled_after',
      values: { date: '2025-12-31' },
    });
    expect(checkDate('2025-12-31T23:00', rule)).toBeNull();
    const issue = dateSchema(rule).safeParse('2026-01-01').error?.issues[0];
    expect(issue).toMatchObject({
      message: 'validation.disabled_after',
      params: { date: '2025-12-31' },
    });
  });

  it('bounds years 0001 to 9999 by default', () => {
    expect(checkDate('0001-01-01', { today })).toBeNull();
    expect(checkDate('9999-12-31', { today })).toBeNull();
    expect(checkDate('0000-12-31', { today })).toEqual({
      key: 'validation.disabled_before',
      values: { date: '0001-01-01' },
    });
    expect(checkDate('10000-01-01', { today })).toEqual({ key: 'validation.invalid_date' });
  });
});

describe('date-time rule', () => {
  const now = '2025-06-15T12:00';

  it('accepts a date-time with T or a space', () => {
    expect(checkDateTime('2025-06-15T12:00', { disablePast: true, today: now })).toBeNull();
    expect(dateTimeSchema({ today: now }).parse('2025-06-15 18:45')).toBe('2025-06-15 18:45');
  });

  it('compares to the minute when the past is disabled', () => {
    expect(checkDateTime('2025-06-15T11:59', { disablePast: true, today: now })).toEqual({
      key: 'validation.disabled_past',
    });
  });

  it('treats a plain-date max as the end of that day', () => {
    expect(checkDateTime('2025-06-20T23:59', { max: '2025-06-20', today: now })).toBeNull();
    expect(checkDateTime('2025-06-21T00:00', { max: '2025-06-20', today: now })).toEqual({
      key: 'validation.disabled_after',
      values: { date: '2025-06-20T23:59' },
    });
    expect(checkDateTime('2025-06-19T08:00', { min: '2025-06-19T09:00', today: now })).toEqual({
      key: 'validation.disabled_before',
      values: { date: '2025-06-19T09:00' },
    });
  });

  it('refuses an impossible time', () => {
    expect(checkDateTime('2025-06-15T12:60', { today: now })).toEqual({
      key: 'validation.invalid_date',
    });
  });
});
