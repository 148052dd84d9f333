import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';
import { monitoringPaths } from './paths.ts';

const ActionPlanPage = lazy(() => import('./action-plan-page.tsx'));

/** Identity monitoring (spec 1): the subscription, monitored data, alerts and action plans. */
export const monitoringArea: WebArea = {
  name: 'monitoring',
  sessionRoutes: [{ path: monitoringPaths.actionPlan, Component: ActionPlanPage }],
  datasets: () => import('./datasets.ts').then((m) => m.datasets),
  cards: {
    INITIAL_SCAN: lazy(() => import('./initial-scan-card.tsx')),
    SUMMARY: lazy(() => import('./monitoring-summary.tsx')),
  },
};
