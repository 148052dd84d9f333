import type { Feature } from '@tern/domain/access';
import type { DashboardCard } from '@tern/domain/constants';
import type { AreaName } from '@tern/domain/areas';
import type { WidgetPanel } from '@tern/domain/widget/panels';
import { offersArea, type OfferConfig } from '@tern/domain/partners/offers';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import type { Dataset } from './data/dataset.ts';

/** A page of an area in the signed-in navigation. */
type NavEntry = {
  path: string;
  /** Its label: a key of the area's texts. */
  label: string;
  /**
   * Also for staff on their own console (help). Otherwise a customer's page, shown to
   * customers and to an agent acting for one.
   */
  everyone?: boolean;
  /**
   * A page of staff's own console, shown to staff on their own session whose access profile
   * has this feature (the admin console's, to an ADMIN), and to nobody else.
   */
  feature?: Feature;
};

/**
 * What an area adds to the portal, exported by `features/<area>/index.ts` and composed by
 * `app/areas.ts`. Its texts are the namespace named after it in the translation files
 * (`packages/domain/src/i18n/texts/`). Everything heavy is lazy: pages and cards are lazy components, datasets
 * (which carry the contracts and zod) load with the session, not with the first page.
 */
export type WebArea = {
  /**
   * The area's name, as in `packages/domain/src/<area>` and `apps/api/src/modules/<area>`. The
   * domain's `offersArea` says which partners have it: only theirs get its pages, navigation,
   * cards and data, as only theirs reach its API routes.
   */
  name: AreaName;
  /** Pages anyone may open. */
  publicRoutes?: RouteObject[];
  /** Pages behind a session: a signed-out visitor is sent to `/`. */
  sessionRoutes?: RouteObject[];
  /**
   * Pages behind a session that also open without one when the browser is offline: they show
   * what the service worker kept of them (a lounge pass), and the page reads without a token.
   */
  offlineRoutes?: RouteObject[];
  /** Its pages in the signed-in navigation, in order. */
  nav?: readonly NavEntry[];
  /** The datasets the area loads after login. */
  datasets?: () => Promise<readonly Dataset[]>;
  /** What the area shows on dashboard cards; several areas may add to one card (SUMMARY). */
  cards?: Partial<Record<DashboardCard, LazyExoticComponent<ComponentType>>>;
  /** The page a card's title opens: the area's own list of what the card shows. */
  cardPages?: Partial<Record<DashboardCard, string>>;
  /**
   * The widget panels the area fills (spec 2 §2.1): its own page, mounted alone without the
   * portal's header and footer; `compact` is what `?basic=true` shows instead.
   */
  panels?: Partial<Record<WidgetPanel, WidgetPanelPages>>;
};

type WidgetPanelPages = {
  page: LazyExoticComponent<ComponentType>;
  compact?: LazyExoticComponent<ComponentType>;
};

/** Whether a partner configuration offers an area (the domain's rule, the API's gate). */
const offers = (area: WebArea, config: OfferConfig): boolean => offersArea(config, area.name);

/** The areas a partner configuration offers, in the list's order. */
export const offeredWebAreas = (areas: readonly WebArea[], config: OfferConfig): WebArea[] =>
  areas.filter((area) => offers(area, config));
