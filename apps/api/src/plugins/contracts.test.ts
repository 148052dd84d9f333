import { describe, expect, it } from 'vitest';
import { API_ROOT, allContracts, successStatus } from '@tern/domain';
import { useTestApp } from '../../test/app.ts';
import { EVERY_ROUTE_ERRORS, routeUrl } from './contracts.ts';

describe('routes registered from the contracts', () => {
  const t = useTestApp({ seed: false });
  const apiRoutes = () =>
    t.app.routeTable
      .filter((route) => route.url.startsWith(`${API_ROOT}/`))
      .map((route) => `${route.method} ${route.url}`);

  it('give every contract its route and every API route a contract', () => {
    const fromContracts = allContracts.map((c) => `${c.method} ${routeUrl(c)}`);
    expect(apiRoutes().sort()).toEqual(fromContracts.sort());
  });

  it('document every contract in OpenAPI: its id, area, security and every status, 429 and 500 among them', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const contract of allContracts) {
      const path = routeUrl(contract).replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = doc.paths[path]?.[contract.method.toLowerCase()];
      expect(operation, contract.id).toBeDefined();
      expect(operation.operationId).toBe(contract.id);
      expect(operation.tags).toEqual([contract.area]);
      expect(Object.keys(operation.responses).sort()).toEqual(
        [...new Set([successStatus(contract), ...contract.errors, ...EVERY_ROUTE_ERRORS])]
          .map(String)
          .sort(),
      );
      // The capacity limit can refuse any call, and says when to come back.
      expect(operation.responses['429'].headers['Retry-After'], contract.id).toMatchObject({
        schema: { type: 'integer' },
      });
      const bearer = operation.security.some((s: object) => 'bearer' in s);
      expect(bearer, contract.id).toBe(!['apiKey', 'signedLink'].includes(contract.access));
      if (contract.upload)
        expect(Object.keys(operation.requestBody.content), contract.id).toEqual([
          'multipart/form-data',
        ]);
      if (contract.rawUpload)
        expect(Object.keys(operation.requestBody.content), contract.id).toEqual([
          'application/octet-stream',
        ]);
      if (contract.redirect)
        expect(operation.responses['302'].headers.Location, contract.id).toBeDefined();
    }
  });
});
