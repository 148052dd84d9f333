import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';

/** Travel (spec 2): trips with their flights, and the people the user travels with. */
export const travelArea: WebArea = {
  name: 'travel',
  modes: ['default'],
  datasets: () => import('./datasets.ts').then((m) => m.datasets),
  cards: {
    TRIPS: lazy(() => import('./trips-card.tsx')),
    PASSENGERS: lazy(() => import('./passengers-card.tsx')),
  },
};
