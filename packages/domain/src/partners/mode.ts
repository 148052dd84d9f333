import type { PartnerConfig } from './config.ts';

/** Which of the three data-loading sets of spec 1 §4 a partner uses. */
export type PartnerMode = 'parametric' | 'monitoring' | 'default';

/**
 * A partner's mode from its configuration. Apart from `config.ts` (zod), so the pages the
 * portal paints first can tell it without downloading zod.
 */
export const partnerMode = (config: Pick<PartnerConfig, 'parametric' | 'owl'>): PartnerMode =>
  config.parametric ? 'parametric' : config.owl ? 'monitoring' : 'default';
