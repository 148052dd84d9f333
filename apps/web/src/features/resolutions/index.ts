import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';
import { resolutionsPaths } from './paths.ts';

const ResolutionSelectPage = lazy(() => import('./resolution-select-page.tsx'));

export { resolutionsPaths } from './paths.ts';

/** Disruption resolutions (spec 2 §2.5): where a user chooses what a disruption gets them. */
export const resolutionsArea: WebArea = {
  name: 'resolutions',
  modes: ['default'],
  sessionRoutes: [{ path: resolutionsPaths.select, Component: ResolutionSelectPage }],
};
