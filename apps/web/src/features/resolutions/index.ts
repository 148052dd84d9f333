import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';
import { resolutionsPaths } from './paths.ts';

export { flightResolutionPath } from './paths.ts';

/** The resolution card of one subject: a disrupted flight or a lost bag (spec 2 §2.5). */
export const ResolutionCard = lazy(() =>
  import('./resolution-card.tsx').then((m) => ({ default: m.ResolutionCard })),
);

/**
 * Disruption resolutions (spec 2 §2.5, §4.7, §4.8): a disrupted flight's options — lounge,
 * cash, points, rebooking, hotel — with agent overrides and the timeline, and lounge passes.
 */
export const resolutionsArea: WebArea = {
  name: 'resolutions',
  sessionRoutes: [
    {
      path: resolutionsPaths.select,
      Component: lazy(() => import('./resolution-select-page.tsx')),
    },
  ],
  // A pass seen once opens with no network in any tab, signed in or not (the service worker
  // keeps it until a logout).
  offlineRoutes: [
    { path: resolutionsPaths.pass, Component: lazy(() => import('./lounge-pass-page.tsx')) },
  ],
};
