import type { PartnerConfig } from '@tern/domain/partners/config';
import { partnerMode } from '@tern/domain/partners/offers';

export type LandingProduct =
  | 'flight_disruption'
  | 'lost_luggage'
  | 'payouts'
  | 'business_interruption'
  | 'identity_monitoring';

/**
 * What the partner's customers are covered for, from the partner configuration: the
 * parametric and monitoring configurations replace travel cover (spec 1 §4 "Data loading").
 * Payouts are offered wherever payout methods are (every configuration but monitoring).
 */
export function landingProducts(config: PartnerConfig): LandingProduct[] {
  switch (partnerMode(config)) {
    case 'parametric':
      return ['business_interruption', 'payouts'];
    case 'monitoring':
      return ['identity_monitoring'];
    case 'default':
      return ['flight_disruption', 'lost_luggage', 'payouts'];
  }
}
