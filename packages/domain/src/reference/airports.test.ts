import { describe, expect, it } from 'vitest';
import { airlineByIata, airportByIata, airportLookupList, airports } from './airports.ts';

describe('airports and airlines from OpenFlights', () => {
  it('holds the world’s airports with their country and time zone', () => {
    expect(airports.length).toBeGreaterThan(5000);
    expect(airportByIata.get('YYZ')).toEqual({
      iata: 'YYZ',
      name: 'Lester B. Pearson International Airport',
      city: 'Toronto',
      country: 'Canada',
      countryCode: 'CA',
      timeZone: 'America/Toronto',
      latitude: expect.closeTo(43.677, 2),
      longitude: expect.closeTo(-79.631, 2),
    });
    expect(airportByIata.get('LHR')).toMatchObject({
      countryCode: 'GB',
      timeZone: 'Europe/London',
    });
    // A country OpenFlights names otherwise than ISO, and one that no longer exists.
    expect(airportByIata.get('VTE')?.countryCode).toBe('LA');
    expect(airportByIata.get('SXM')?.countryCode).toBe('SX');
    for (const airport of airports) {
      expect(airport.iata).toMatch(/^[A-Z]{3}$/);
      expect(airport.countryCode).toMatch(/^[A-Z]{2}$/);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: airport.timeZone })).not.toThrow();
    }
    expect(airportByIata.get('ZZZ')).toBeUndefined();
  });

  it('holds the active airlines by IATA code', () => {
    expect(airlineByIata.get('AC')).toMatchObject({ name: 'Air Canada', icao: 'ACA' });
    expect(airlineByIata.get('BA')).toMatchObject({ name: 'British Airways' });
  });

  it('makes the lookup list of value and label, one per airport, by city', () => {
    const list = airportLookupList();
    expect(list).toHaveLength(airports.length);
    expect(list.find((a) => a.value === 'YYZ')?.label).toBe(
      'Toronto, Canada – Lester B. Pearson International Airport (YYZ)',
    );
  });
});
