import { WIDGET_PANEL_NAMES, WIDGET_PANELS, type WidgetPanel } from '@tern/domain/widget/panels';
import type { RouteObject } from 'react-router';
import type { WebArea } from '../../core/area.ts';
import {
  PanelRoute,
  UnauthorisedPage,
  WidgetGuard,
  widgetPaths,
  type PanelPages,
} from '../../features/widget/index.ts';
import { dashboardPage } from '../session/signed-in-chunks.ts';
import { WidgetLayout } from './widget-layout.tsx';

/**
 * The widget's pages (spec 2 §2.1), for the areas a partner offers: each panel is the page of
 * the area that fills it (the dashboard is the shell's), so the insurance panel is the travel,
 * claims or monitoring list by the partner's configuration, as only one of them is offered.
 */
export function widgetRoutesFor(areas: readonly WebArea[]): RouteObject {
  const pagesOf = (panel: WidgetPanel): PanelPages | undefined =>
    panel === 'dashboard'
      ? { page: dashboardPage.Component }
      : areas.find((area) => area.panels?.[panel])?.panels?.[panel];
  return {
    element: <WidgetLayout />,
    children: [
      { path: widgetPaths.unauthorised, element: <UnauthorisedPage /> },
      {
        element: <WidgetGuard />,
        children: WIDGET_PANEL_NAMES.map((panel) => ({
          path: WIDGET_PANELS[panel].path,
          element: <PanelRoute panel={panel} pages={pagesOf(panel)} />,
        })),
      },
    ],
  };
}
