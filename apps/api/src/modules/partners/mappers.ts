import {
  partnerConfigSchema,
  type ClientRecord,
  type PartnerConfig,
  type ThemeConfig,
} from '@tern/domain';
import type { PartnerRow } from './repo.ts';

// Rows come from the partners' 30 s caches, so one parse serves every request in that time
// (the area gates read the configuration on every call).
const parsed = new WeakMap<PartnerRow, PartnerConfig>();

/** The whole configuration: spec defaults overlaid with the partner's stored overrides. */
export const partnerConfig = (row: PartnerRow): PartnerConfig => {
  let config = parsed.get(row);
  if (!config) {
    config = partnerConfigSchema.parse(row.config);
    parsed.set(row, config);
  }
  return config;
};

export const toClientRecord = (row: PartnerRow): ClientRecord => ({
  partnerId: row.id,
  cmsBundle: row.cmsBundle,
  branding: row.branding,
});

export const toThemeConfig = (row: PartnerRow): ThemeConfig => ({
  theme: row.id,
  branding: row.branding,
  config: partnerConfig(row),
});
