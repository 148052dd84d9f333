import type { Caller } from './accounts/sessions-service.ts';

/** Whose data a call reads: the signed-in caller's user, within the caller's partner. */
export type Owner = Pick<Caller, 'userId' | 'partnerId'>;

/** OpenAPI: routes registered inside `authenticated(...)` need the api-key and a bearer token. */
export const signedInSecurity = [{ apiKey: [], bearer: [] }];
