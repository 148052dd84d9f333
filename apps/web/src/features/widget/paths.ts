import { WIDGET_PANELS, WIDGET_UNAUTHORISED_PATH } from '@tern/domain/widget/panels';

/** The widget's pages (spec 2 §2.1): the domain's, which the API's frame policy reads too. */
export const widgetPaths = {
  ...Object.fromEntries(Object.entries(WIDGET_PANELS).map(([name, { path }]) => [name, path])),
  unauthorised: WIDGET_UNAUTHORISED_PATH,
} as Record<keyof typeof WIDGET_PANELS, string> & { unauthorised: string };
