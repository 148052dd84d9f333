import { DASHBOARD_CARDS, type DashboardCard } from '@tern/domain/constants';
import type { PartnerMode } from '@tern/domain/partners/config';
import type { ComponentType } from 'react';
import { offers, type WebArea } from '../../core/area.ts';

export type CardPlan = { card: DashboardCard; parts: ComponentType[] };

/**
 * The cards of a partner's dashboard, in the configured order (spec 1 §2), each with what the
 * areas the configuration offers show on it; a card no offered area fills is left out.
 */
export const dashboardCards = (areas: readonly WebArea[], mode: PartnerMode): CardPlan[] =>
  DASHBOARD_CARDS.map((card) => ({
    card,
    parts: areas.flatMap((area) => {
      const part = offers(area, mode) ? area.cards?.[card] : undefined;
      return part ? [part] : [];
    }),
  })).filter((plan) => plan.parts.length > 0);
