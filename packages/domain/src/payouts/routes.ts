import { defineRoutes } from '../contract.ts';

/** The heads of the payouts routes the portal reads at sign-in (zod-free). */
export const payoutsRoutes = defineRoutes('payouts', {
  methods: { method: 'GET', path: '/platform/payouts/methods' },
  config: { method: 'GET', path: '/platform/payouts/config' },
});
