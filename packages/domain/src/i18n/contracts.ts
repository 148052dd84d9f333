/**
 * The route of the portal's translation files, without its schemas: the content area's
 * `translations` contract is this route with its answer's schema. The portal reads its texts
 * at start through this (zod-free) head, so its first download carries no zod; the API
 * registers the route from the contract.
 */
export const translationsRoute = {
  method: 'GET',
  path: '/themes/{theme}/translations/{file}.json',
} as const;
