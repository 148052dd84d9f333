import { travelContracts } from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { travelRepo } from './repo.ts';
import { travelRoutes } from './routes.ts';
import { travelService } from './service.ts';

/** Travel: passengers, trips and their flights (spec 2 §7 "Travel"). */
export const travelModule = defineModule('travel', ['accounts'], (app, { db }) => {
  registerContracts(app, travelContracts, travelRoutes(travelService({ repo: travelRepo(db) })));
});
