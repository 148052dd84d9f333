import {
  partnerConfigSchema,
  type ClientRecord,
  type PartnerConfig,
  type ThemeConfig,
} from '@tern/domain';
import type { PartnerRow } from './repo.ts';

/** The whole configuration: spec defaults overlaid with the partner's stored overrides. */
export const partnerConfig = (row: PartnerRow): PartnerConfig =>
  partnerConfigSchema.parse(row.config);

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
