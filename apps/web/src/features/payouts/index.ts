import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';

/** Payout methods (spec 1): where the user's money goes, and the partner's payout service. */
export const payoutsArea: WebArea = {
  name: 'payouts',
  modes: ['default', 'parametric'],
  datasets: () => import('./datasets.ts').then((m) => m.datasets),
  cards: { PAYMENT_METHODS: lazy(() => import('./payment-methods-card.tsx')) },
};
