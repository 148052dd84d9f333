import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';
import { claimsPaths } from './paths.ts';

const ClaimsPage = lazy(() => import('./claims-page.tsx'));

/**
 * Parametric claims (spec 2 §2.6, §4.9): insured businesses with their open-banking
 * connection, their claims and each claim's timeline.
 */
export const claimsArea: WebArea = {
  name: 'claims',
  sessionRoutes: [
    { path: claimsPaths.claims, Component: ClaimsPage },
    { path: claimsPaths.history, Component: lazy(() => import('./history-page.tsx')) },
    { path: claimsPaths.grant, Component: lazy(() => import('./grant-page.tsx')) },
  ],
  nav: [{ path: claimsPaths.claims, label: 'title' }],
  datasets: () => import('./datasets.ts').then((m) => m.datasets),
  cards: { SUMMARY: lazy(() => import('./claims-summary.tsx')) },
  cardPages: { SUMMARY: claimsPaths.claims },
  // The parametric variant of the insurance panel (spec 2 §2.1): insured items and claims.
  panels: { insurance: { page: ClaimsPage } },
};
