import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';
import { monitoringPaths } from './paths.ts';

/**
 * Identity monitoring (spec 1, issue 29): the subscription and its first scan, the monitored
 * data with its alerts ranked by severity, and each alert's action plan.
 */
export const monitoringArea: WebArea = {
  name: 'monitoring',
  sessionRoutes: [
    {
      path: monitoringPaths.monitoredData,
      Component: lazy(() => import('./monitored-data-page.tsx')),
    },
    { path: monitoringPaths.actionPlan, Component: lazy(() => import('./action-plan-page.tsx')) },
  ],
  nav: [{ path: monitoringPaths.monitoredData, label: 'title' }],
  datasets: () => import('./datasets.ts').then((m) => m.datasets),
  cards: {
    INITIAL_SCAN: lazy(() => import('./initial-scan-card.tsx')),
    SUMMARY: lazy(() => import('./monitoring-summary.tsx')),
  },
  cardPages: {
    SUMMARY: monitoringPaths.monitoredData,
    INITIAL_SCAN: monitoringPaths.monitoredData,
  },
};
