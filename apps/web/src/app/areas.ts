import type { WebArea } from '../core/area.ts';
import { accountsArea } from '../features/accounts/index.ts';
import { claimsArea } from '../features/claims/index.ts';
import { contentArea } from '../features/content/index.ts';
import { luggageArea } from '../features/luggage/index.ts';
import { monitoringArea } from '../features/monitoring/index.ts';
import { payoutsArea } from '../features/payouts/index.ts';
import { policiesArea } from '../features/policies/index.ts';
import { resolutionsArea } from '../features/resolutions/index.ts';
import { travelArea } from '../features/travel/index.ts';
import { widgetArea } from '../features/widget/index.ts';

/**
 * The portal's areas: their pages, datasets, dashboard cards and texts. The order is the
 * order of contributions to a shared card (the policies before the other summary figures).
 */
export const webAreas: readonly WebArea[] = [
  accountsArea,
  policiesArea,
  travelArea,
  payoutsArea,
  claimsArea,
  monitoringArea,
  luggageArea,
  resolutionsArea,
  contentArea,
  widgetArea,
];
