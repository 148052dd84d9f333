import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';

/** Policies (spec 1): the user's active policies, on every configuration's summary. */
export const policiesArea: WebArea = {
  name: 'policies',
  datasets: () => import('./datasets.ts').then((m) => m.datasets),
  cards: { SUMMARY: lazy(() => import('./policies-summary.tsx')) },
};
