import { DASHBOARD_CARDS, type DashboardCard } from '@tern/domain/constants';
import type { OfferConfig } from '@tern/domain/partners/offers';
import type { ComponentType } from 'react';
import { offeredWebAreas, type WebArea } from '../../core/area.ts';

export type CardPlan = {
  card: DashboardCard;
  parts: ComponentType[];
  /** The page its title opens: the first offered area's that has one for this card. */
  page?: string;
};

/**
 * The cards of a partner's dashboard, in the configured order (spec 1 §2), each with what the
 * areas the configuration offers show on it and the page its title opens; a card no offered
 * area fills is left out.
 */
export const dashboardCards = (areas: readonly WebArea[], config: OfferConfig): CardPlan[] => {
  const offered = offeredWebAreas(areas, config);
  return DASHBOARD_CARDS.map((card) => {
    const page = offered.find((area) => area.cardPages?.[card])?.cardPages?.[card];
    return {
      card,
      parts: offered.flatMap((area) => area.cards?.[card] ?? []),
      ...(page ? { page } : {}),
    };
  }).filter((plan) => plan.parts.length > 0);
};
