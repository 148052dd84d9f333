import { vi } from 'vitest';

export type FakeRoute = (
  url: URL,
  init: RequestInit,
) => Response | undefined | Promise<Response | undefined>;

export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A fetch that answers from `route` (404 ROUTE_NOT_FOUND when it returns nothing) and records
 * every call, so tests see exactly what the portal sent.
 */
export function fakeFetch(route: FakeRoute) {
  return vi.fn<typeof fetch>(async (input, init = {}) => {
    const url = new URL(String(input), 'http://portal.test');
    return (
      (await route(url, init)) ??
      jsonResponse(404, {
        code: 'ROUTE_NOT_FOUND',
        status: 404,
        message: `no route ${url.pathname}`,
      })
    );
  });
}
