// Zod-free (types only from config.ts): the portal's shell decides its pages, navigation and
// dashboard from this before any schema has downloaded.
import type { AreaName } from '../areas.ts';
import type { PartnerConfig } from './config.ts';

/** What `offersArea` reads of a partner's configuration. */
export type OfferConfig = Pick<PartnerConfig, 'parametric' | 'owl'> & {
  payouts: Pick<PartnerConfig['payouts'], 'supplier'>;
};

/** Which of the three data-loading sets of spec 1 §4 a partner uses. */
export type PartnerMode = 'parametric' | 'monitoring' | 'default';
export const partnerMode = (config: Pick<OfferConfig, 'parametric' | 'owl'>): PartnerMode =>
  config.parametric ? 'parametric' : config.owl ? 'monitoring' : 'default';

type Offer = {
  offered: (config: OfferConfig) => boolean;
  /** Who has the area, in the words of the API documentation ("Partners with …"). */
  description: string;
};

const travelCover: Offer = {
  offered: (config) => partnerMode(config) === 'default',
  description: 'Partners with the default travel configuration (neither parametric nor owl)',
};

/**
 * The areas only some partners offer (spec 1 §1, §4; spec 2 §1): travel cover with its
 * resolutions and luggage in the default configuration, claims in the parametric one,
 * monitoring in the monitoring one, and payouts wherever there is a payout service to send
 * money through (spec 1 §4 loads no payout data with monitoring). Every other area is
 * everyone's. The portal builds its pages, navigation, cards and data loading from this and
 * the API gates each area's routes on it, so the two cannot disagree.
 */
export const AREA_OFFERS = {
  travel: travelCover,
  resolutions: travelCover,
  luggage: travelCover,
  claims: {
    offered: (config) => partnerMode(config) === 'parametric',
    description: 'Partners with the parametric configuration',
  },
  monitoring: {
    offered: (config) => partnerMode(config) === 'monitoring',
    description: 'Partners with the monitoring configuration (owl)',
  },
  payouts: {
    offered: (config) => config.payouts.supplier !== null && partnerMode(config) !== 'monitoring',
    description:
      'Partners with a payout service (a payout supplier, and not the monitoring configuration)',
  },
} as const satisfies Partial<Record<AreaName, Offer>>;

export type GatedArea = keyof typeof AREA_OFFERS;

const isGated = (area: AreaName): area is GatedArea => Object.hasOwn(AREA_OFFERS, area);

/** Whether a partner's configuration offers an area: its pages, cards and API routes exist. */
export const offersArea = (config: OfferConfig, area: AreaName): boolean =>
  !isGated(area) || AREA_OFFERS[area].offered(config);

/** The gated areas a configuration offers, in `AREA_OFFERS` order. */
export const offeredAreas = (config: OfferConfig): GatedArea[] =>
  (Object.keys(AREA_OFFERS) as GatedArea[]).filter((area) => AREA_OFFERS[area].offered(config));
