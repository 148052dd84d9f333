import { payoutsContracts } from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { payoutsRepo } from './repo.ts';
import { payoutsRoutes } from './routes.ts';
import { payoutsService } from './service.ts';

/** Payout methods and the partner's payout configuration (spec 1 §7 "Payout methods"). */
export const payoutsModule = defineModule('payouts', ['accounts'], (app, { db }) => {
  registerContracts(
    app,
    payoutsContracts,
    payoutsRoutes(payoutsService({ repo: payoutsRepo(db) })),
  );
});
