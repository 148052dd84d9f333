import { policiesContracts } from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { policiesRepo } from './repo.ts';
import { policiesRoutes } from './routes.ts';
import { policiesService } from './service.ts';

export { policiesRepo } from './repo.ts';

/**
 * A user's policies and the partner's policy book (spec 1 §7 "Policies"). Registration and
 * enrolment link one too (accounts).
 */
export const policiesModule = defineModule('policies', ['accounts'], (app, { db, clock, live }) => {
  registerContracts(
    app,
    policiesContracts,
    policiesRoutes(
      policiesService({ repo: policiesRepo(db), clock, live, throttle: app.throttle }),
    ),
  );
});
