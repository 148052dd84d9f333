import { generatePath } from 'react-router';

/** The resolution pages of spec 1 §2 (spec 2 §2.5): the options, and a lounge pass. */
export const resolutionsPaths = {
  select: '/resolution/select',
  pass: '/resolution/pass/:passId',
} as const;

/** A lounge pass's page: the route above with its id filled in (encoded). */
export const passPath = (passId: string) => generatePath(resolutionsPaths.pass, { passId });

/** The options of one flight (spec 2 §2.2 query parameters). */
export const flightResolutionPath = (tripId: string, flightId: string) =>
  `${resolutionsPaths.select}?${new URLSearchParams({ category: 'flights', tripId, flightId })}`;

/** The options of one lost bag (spec 2 §2.2 query parameters). */
export const bagResolutionPath = (bagId: string) =>
  `${resolutionsPaths.select}?${new URLSearchParams({ category: 'luggage', bagId })}`;
