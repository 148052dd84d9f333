import { describe, it, expect } from 'vitest';
import { checkFlightNumber, flightNumberSchema, normaliseFlightNumber } from './flight-number.ts';

describe('flight number rule', () => {
  it('accepts airline code plus digits, 3 to 8 characters', () => {
    for (const ok of [
      'BA1',
      'ba123',
      'AC8001',
      'U21234',
      '9W123',
      'BAW1234',
      'AA1234A',
      'A*123',
      'B_12',
    ]) {
      expect(checkFlightNumber(ok), ok).toBeNull();
    }
  });

  it('asks for a value when empty', () => {
    expect(checkFlightNumber('')).toBe('validation.required');
    expect(checkFlightNumber('   ')).toBe('validation.required');
    expect(flightNumberSchema.safeParse(undefined).error?.issues[0]?.message).toBe(
      'validation.required',
    );
  });

  it('says the airline letters are missing when it starts with two digits', () => {
    expect(checkFlightNumber('1234')).toBe('validation.flight_number_missing_letter');
    expect(checkFlightNumber('12A')).toBe('validation.flight_number_missing_letter');
  });

  it('refuses other shapes and lengths outside 3 to 8', () => {
    for (const bad of ['BA', 'BA12345', 'BAW12345', 'BA-123', 'BA 123', 'ABCD12', 'BA12CD']) {
      expect(checkFlightNumber(bad), bad).toBe('validation.invalid_flight_number');
    }
  });

  it('upper-cases and trims what it accepts', () => {
    expect(normaliseFlightNumber(' ac801 ')).toBe('AC801');
    expect(flightNumberSchema.parse(' ac801 ')).toBe('AC801');
  });
});
