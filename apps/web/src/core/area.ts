import type { DashboardCard } from '@tern/domain/constants';
import type { PartnerMode } from '@tern/domain/partners/config';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import type { Dataset } from './data/dataset.ts';

/** An area's texts: one i18next namespace named after the area; English is bundled. */
export type AreaTexts = {
  en: Record<string, unknown>;
  es: () => Promise<{ default: Record<string, unknown> }>;
  fr: () => Promise<{ default: Record<string, unknown> }>;
};

/**
 * What an area adds to the portal, exported by `features/<area>/index.ts` and composed by
 * `app/areas.ts`. Everything heavy is lazy: pages and cards are lazy components, datasets
 * (which carry the contracts and zod) load with the session, not with the first page.
 */
export type WebArea = {
  /** The area's name, as in `packages/domain/src/<area>` and `apps/api/src/modules/<area>`. */
  name: string;
  /** The partner configurations that offer the area (spec 1 §4); all when absent. */
  modes?: readonly PartnerMode[];
  /** Pages anyone may open. */
  publicRoutes?: RouteObject[];
  /** Pages behind a session: a signed-out visitor is sent to `/`. */
  sessionRoutes?: RouteObject[];
  /** The datasets the area loads after login. */
  datasets?: () => Promise<readonly Dataset[]>;
  /** What the area shows on dashboard cards; several areas may add to one card (SUMMARY). */
  cards?: Partial<Record<DashboardCard, LazyExoticComponent<ComponentType>>>;
  texts?: AreaTexts;
};

/** Whether a partner configuration offers an area. */
export const offers = (area: WebArea, mode: PartnerMode): boolean =>
  !area.modes || area.modes.includes(mode);
