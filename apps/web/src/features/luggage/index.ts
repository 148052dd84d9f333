import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';
import { luggagePaths } from './paths.ts';

const LuggagePage = lazy(() => import('./luggage-page.tsx'));

/**
 * Lost luggage (spec 2, issue 27): the user's lost-bag reports — report one, follow its
 * tracing, open its photo, take what the cover pays for it.
 */
export const luggageArea: WebArea = {
  name: 'luggage',
  sessionRoutes: [{ path: luggagePaths.bags, Component: LuggagePage }],
  nav: [{ path: luggagePaths.bags, label: 'title' }],
  datasets: () => import('./datasets.ts').then((m) => m.datasets),
  cards: { LUGGAGE: lazy(() => import('./luggage-card.tsx')) },
  panels: { luggage: { page: LuggagePage } },
  cardPages: { LUGGAGE: luggagePaths.bags },
};
