// Zod-free: the portal's shell, the embed script and the API's page headers read it.
import type { Feature } from '../access.ts';

/**
 * The widget's panels (spec 2 §2.1): each an area's page without the portal's header and
 * footer, mounted alone in a partner's page. `feature` is the access-profile entry a user
 * needs to see it (spec 2 §6: luggage, passengers and payout methods are gated); a panel
 * without one is any signed-in customer's.
 */
export const WIDGET_PANELS = {
  dashboard: { path: '/widgets/dashboard' },
  account: { path: '/widgets/account' },
  insurance: { path: '/widgets/insurance', feature: 'customer-insurance' },
  luggage: { path: '/widgets/luggage', feature: 'customer-travel-luggage' },
  passengers: { path: '/widgets/passengers', feature: 'customer-travel-passengers' },
  payoutmethods: { path: '/widgets/payoutmethods', feature: 'customer-payouts' },
} as const satisfies Record<string, { path: `/widgets/${string}`; feature?: Feature }>;

export type WidgetPanel = keyof typeof WIDGET_PANELS;
export const WIDGET_PANEL_NAMES = Object.keys(WIDGET_PANELS) as WidgetPanel[];

/** Where every widget page lives: the API gives these pages the widget's frame policy. */
export const WIDGET_PATH_PREFIX = '/widgets/';
/** The unauthorised or timeout notice (spec 2 §2.1). */
export const WIDGET_UNAUTHORISED_PATH = '/widgets/401';
/** The embed script a partner's page includes (issue 30): its own small bundle. */
export const WIDGET_EMBED_SCRIPT_PATH = '/embed.js';
/** The query parameter carrying the widget token to a panel's address (spec 2 §2.1 guard). */
export const WIDGET_TOKEN_PARAM = 'token';

export const isWidgetPath = (pathname: string): boolean => pathname.startsWith(WIDGET_PATH_PREFIX);
