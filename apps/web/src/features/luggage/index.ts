import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';

/** Lost luggage (spec 2): the user's lost-bag reports. */
export const luggageArea: WebArea = {
  name: 'luggage',
  datasets: () => import('./datasets.ts').then((m) => m.datasets),
  cards: { LUGGAGE: lazy(() => import('./luggage-card.tsx')) },
};
