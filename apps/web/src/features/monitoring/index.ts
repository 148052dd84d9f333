import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';
import { monitoringPaths } from './paths.ts';

const MonitoredDataPage = lazy(() => import('./monitored-data-page.tsx'));

/**
 * Identity monitoring (spec 1, issue 29): the subscription and its first scan, the monitored
 * data with its alerts ranked by severity, and each alert's action plan.
 */
export const monitoringArea: WebArea = {
  name: 'monitoring',
  sessionRoutes: [
    { path: monitoringPaths.monitoredData, Component: MonitoredDataPage },
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
  // The owl variant of the insurance panel (spec 2 §2.1): what the cover watches.
  panels: { insurance: { page: MonitoredDataPage } },
};
