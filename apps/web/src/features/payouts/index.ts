import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';
import { payoutsPaths } from './paths.ts';

/**
 * Set up payout methods, then Setup complete (spec 1 §2): for the resolution flows, the claims'
 * payment details and the flight-cover purchase, which open it when the user has no method.
 */
export const SetupPayoutDialog = lazy(() => import('./setup-payout-dialog.tsx'));

/** The cash payout flow of spec 2 §4.8: which method a resolution's money goes to. */
export const PayoutMethodFlow = lazy(() => import('./payout-method-flow.tsx'));

const PayoutMethodsPage = lazy(() => import('./payout-methods-page.tsx'));

/** Payout methods (spec 1): where the user's money goes, the partner's payout service, payments. */
export const payoutsArea: WebArea = {
  name: 'payouts',
  sessionRoutes: [
    { path: payoutsPaths.methods, Component: PayoutMethodsPage },
    { path: payoutsPaths.payments, Component: lazy(() => import('./payments-page.tsx')) },
  ],
  nav: [
    { path: payoutsPaths.methods, label: 'methods.title' },
    { path: payoutsPaths.payments, label: 'payments.title' },
  ],
  datasets: () => import('./datasets.ts').then((m) => m.datasets),
  cards: { PAYMENT_METHODS: lazy(() => import('./payment-methods-card.tsx')) },
  cardPages: { PAYMENT_METHODS: payoutsPaths.methods },
  panels: { payoutmethods: { page: PayoutMethodsPage } },
};
