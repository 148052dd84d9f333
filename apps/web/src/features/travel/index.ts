import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';
import { travelPaths } from './paths.ts';

/**
 * Travel (spec 2): My insurances — trips with their flights, Blink it, disruption notices —
 * and the people the user travels with.
 */
export const travelArea: WebArea = {
  name: 'travel',
  sessionRoutes: [
    { path: travelPaths.insurances, Component: lazy(() => import('./insurances-page.tsx')) },
    { path: travelPaths.passengers, Component: lazy(() => import('./passengers-page.tsx')) },
  ],
  nav: [
    { path: travelPaths.insurances, label: 'insurances.title' },
    { path: travelPaths.passengers, label: 'passengers.title' },
  ],
  datasets: () => import('./datasets.ts').then((m) => m.datasets),
  cards: {
    TRIPS: lazy(() => import('./trips-card.tsx')),
    PASSENGERS: lazy(() => import('./passengers-card.tsx')),
  },
  cardPages: { TRIPS: travelPaths.insurances, PASSENGERS: travelPaths.passengers },
};
