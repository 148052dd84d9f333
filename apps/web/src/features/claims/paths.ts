import { generatePath } from 'react-router';

/** The claims pages (spec 2 §2.2, §2.6): the one place their paths are written. */
export const claimsPaths = {
  /** Insurance and claims: the insured businesses and their claims. */
  claims: '/claims',
  /** A claim's timeline. */
  history: '/claim/history/:alertId',
  /** The open-banking consent journey: where the bank sends the customer back to. */
  grant: '/permissions/grant',
} as const;

/** The query parameter of `/claims` naming the claim to open expanded. */
export const ALERT_ID_PARAM = 'alertId';

/** A claim's timeline: the route above with its id filled in (encoded). */
export const claimHistoryPath = (alertId: string) => generatePath(claimsPaths.history, { alertId });

/** Insurance and claims with one claim open (`/claims?alertId=`). */
export const claimPath = (alertId: string) =>
  `${claimsPaths.claims}?${new URLSearchParams({ [ALERT_ID_PARAM]: alertId }).toString()}`;
