import { policiesContracts } from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { policiesRepo } from './repo.ts';
import { policiesRoutes } from './routes.ts';
import { policiesService } from './service.ts';

/** A user's policies (spec 1 §7 "Policies"). Registration links one (accounts). */
export const policiesModule = defineModule('policies', ['accounts'], (app, { db }) => {
  registerContracts(
    app,
    policiesContracts,
    policiesRoutes(policiesService({ repo: policiesRepo(db) })),
  );
});
