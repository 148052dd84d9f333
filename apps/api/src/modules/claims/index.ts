import { claimsContracts } from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { areaGate } from '../partners/index.ts';
import { claimsRepo } from './repo.ts';
import { claimsRoutes } from './routes.ts';
import { claimsService } from './service.ts';

export { claimsRepo } from './repo.ts';

/**
 * Parametric claims: insured items and their alerts (spec 2 §7 "Items, alerts and claims"), for
 * partners with the parametric configuration.
 */
export const claimsModule = defineModule('claims', ['accounts'], (app, { db }) => {
  registerContracts(app, claimsContracts, claimsRoutes(claimsService({ repo: claimsRepo(db) })), {
    gate: areaGate('claims'),
  });
});
