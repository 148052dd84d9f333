import { luggageContracts } from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { areaGate } from '../partners/index.ts';
import { luggageRepo } from './repo.ts';
import { luggageRoutes } from './routes.ts';
import { luggageService } from './service.ts';

export { luggageRepo } from './repo.ts';

/** Lost luggage (spec 2 §7 "Luggage"), for partners with the default travel configuration. */
export const luggageModule = defineModule('luggage', ['accounts'], (app, { db }) => {
  registerContracts(
    app,
    luggageContracts,
    luggageRoutes(luggageService({ repo: luggageRepo(db) })),
    { gate: areaGate('luggage') },
  );
});
