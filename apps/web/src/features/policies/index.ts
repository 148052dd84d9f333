import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';
import { policiesPaths } from './paths.ts';

/** POLICIES: what every signed-in page stands on; the start-up script asks for it early. */
export { policiesDataset } from './datasets.ts';

/** Policies (spec 1): the user's active policies, on every configuration's summary. */
export const policiesArea: WebArea = {
  name: 'policies',
  sessionRoutes: [
    { path: policiesPaths.list, Component: lazy(() => import('./policies-page.tsx')) },
  ],
  nav: [{ path: policiesPaths.list, label: 'page.title' }],
  datasets: () => import('./datasets.ts').then((m) => m.datasets),
  cards: { SUMMARY: lazy(() => import('./policies-summary.tsx')) },
  cardPages: { SUMMARY: policiesPaths.list },
};
