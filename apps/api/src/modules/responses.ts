import { apiErrorSchema } from '@tern/domain';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;

/**
 * The failed answers a route declares, each in the catalogue's error shape: `{ 200: x,
 * ...errorResponses(400, 401, 404) }`. Every route says what it can answer (STYLE.md).
 */
export const errorResponses = <S extends ErrorStatus>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
