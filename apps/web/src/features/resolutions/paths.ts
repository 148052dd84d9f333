/** The resolution pages of spec 1 §2 (spec 2 §2.5): the options, and a lounge pass. */
export const resolutionsPaths = {
  select: '/resolution/select',
  pass: '/resolution/pass/:passId',
} as const;

export const passPath = (passId: string) =>
  resolutionsPaths.pass.replace(':passId', encodeURIComponent(passId));

/** The options of one flight (spec 2 §2.2 query parameters). */
export const flightResolutionPath = (tripId: string, flightId: string) =>
  `${resolutionsPaths.select}?${new URLSearchParams({ category: 'flights', tripId, flightId })}`;
