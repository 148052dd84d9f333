import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';

/** Parametric claims (spec 2): insured items and their claims. */
export const claimsArea: WebArea = {
  name: 'claims',
  datasets: () => import('./datasets.ts').then((m) => m.datasets),
  cards: { SUMMARY: lazy(() => import('./claims-summary.tsx')) },
};
