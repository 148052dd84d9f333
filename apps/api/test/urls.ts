import { API_ROOT, pathFor, type ContractDef } from '@tern/domain';

/**
 * The URL of a call to an endpoint, from its contract: the path with `params` filled in and
 * `query` encoded. Loosely typed on purpose: tests also send invalid values.
 */
export function urlOf(
  contract: ContractDef,
  params: Record<string, unknown> = {},
  query?: Record<string, string>,
): string {
  const search = query
    ? Object.entries(query)
        .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
        .join('&')
    : '';
  return `${API_ROOT}${pathFor(contract, params)}${search ? `?${search}` : ''}`;
}
