import type { payoutsContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { PayoutsService } from './service.ts';

export const payoutsRoutes = (payouts: PayoutsService): Handlers<typeof payoutsContracts> => ({
  methods: (request) => payouts.listMethods(request.caller),
  config: (request) => payouts.config(request.partner),
});
