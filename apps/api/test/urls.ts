import { API_ROOT, urlFor, type ContractDef } from '@tern/domain';

/**
 * The URL of a call to an endpoint, from its contract: the path with `params` filled in and
 * `query` encoded. Loosely typed on purpose: tests also send invalid values.
 */
export const urlOf = (
  contract: ContractDef,
  params: Record<string, unknown> = {},
  query?: Record<string, string>,
): string => urlFor(API_ROOT, contract, params, query);
