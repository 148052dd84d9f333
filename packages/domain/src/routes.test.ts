import { describe, expect, it } from 'vitest';
import { accountsRoutes } from './accounts/routes.ts';
import { allContracts } from './areas.ts';
import { claimsRoutes } from './claims/routes.ts';
import { luggageRoutes } from './luggage/routes.ts';
import { monitoringRoutes } from './monitoring/routes.ts';
import { payoutsRoutes } from './payouts/routes.ts';
import { policiesRoutes } from './policies/routes.ts';
import { travelRoutes } from './travel/routes.ts';

const heads = [
  accountsRoutes,
  policiesRoutes,
  payoutsRoutes,
  travelRoutes,
  luggageRoutes,
  claimsRoutes,
  monitoringRoutes,
].flatMap((routes) => Object.values(routes));

describe('route heads', () => {
  // A head spread into another contract than its own would send the portal's zod-free reads
  // to one route while their answers are typed by another.
  it.each(heads.map((head) => [head.id, head] as const))(
    '%s has the method and path of the contract of its id',
    (id, head) => {
      const contract = allContracts.find((c) => c.id === id);
      expect(contract, `no contract ${id}`).toBeDefined();
      expect({ method: contract!.method, path: contract!.path }).toEqual({
        method: head.method,
        path: head.path,
      });
    },
  );
});
