import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';
import { travelPaths } from './paths.ts';

/**
 * Travel (spec 2): My insurances — trips with their flights, Blink it, disruption notices —
 * and the people the user travels with.
 */
const InsurancesPage = lazy(() => import('./insurances-page.tsx'));
const PassengersPage = lazy(() => import('./passengers-page.tsx'));
const TripsCard = lazy(() => import('./trips-card.tsx'));

export const travelArea: WebArea = {
  name: 'travel',
  sessionRoutes: [
    { path: travelPaths.insurances, Component: InsurancesPage },
    { path: travelPaths.passengers, Component: PassengersPage },
  ],
  nav: [
    { path: travelPaths.insurances, label: 'insurances.title' },
    { path: travelPaths.passengers, label: 'passengers.title' },
  ],
  datasets: () => import('./datasets.ts').then((m) => m.datasets),
  cards: {
    TRIPS: TripsCard,
    PASSENGERS: lazy(() => import('./passengers-card.tsx')),
  },
  cardPages: { TRIPS: travelPaths.insurances, PASSENGERS: travelPaths.passengers },
  panels: {
    insurance: { page: InsurancesPage, compact: TripsCard },
    passengers: { page: PassengersPage },
  },
};
