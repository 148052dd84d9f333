import { DASHBOARD_CARDS, type DashboardCard } from '@tern/domain/constants';
import type { PartnerMode } from '@tern/domain/partners/config';

/**
 * Which configurations show each card. The cards follow the datasets loaded after login
 * (spec 1 §4): travel data (trips, luggage, passengers) in the default configuration, the
 * initial scan with monitoring, payout methods everywhere but monitoring; the summary always.
 */
const CARD_MODES: Record<DashboardCard, readonly PartnerMode[]> = {
  INITIAL_SCAN: ['monitoring'],
  TRIPS: ['default'],
  SUMMARY: ['default', 'parametric', 'monitoring'],
  LUGGAGE: ['default'],
  PASSENGERS: ['default'],
  PAYMENT_METHODS: ['default', 'parametric'],
};

/** The cards of a partner's dashboard, in the configured order (spec 1 §2). */
export const dashboardCards = (mode: PartnerMode): DashboardCard[] =>
  DASHBOARD_CARDS.filter((card) => CARD_MODES[card].includes(mode));
