import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';

/**
 * The embeddable widget (spec 2 §2.1, issue 30): the guard, the panel gate, the 401 notice and
 * the channel to the partner's page. The app composes the panels from the areas that fill them
 * (`app/widget/`); the embed script (`embed/embed.ts`) is its own bundle, served by the API.
 */
export { WidgetGuard, type UnauthorisedState } from './widget-guard.tsx';
export { PanelRoute, type PanelPages } from './panel-route.tsx';
export { widgetPaths } from './paths.ts';
export { isFramed, postToHost } from './host.ts';

export const UnauthorisedPage = lazy(() => import('./unauthorised-page.tsx'));

/** Its texts (the `widget` namespace); its pages are composed by the app. */
export const widgetArea: WebArea = { name: 'widget' };
