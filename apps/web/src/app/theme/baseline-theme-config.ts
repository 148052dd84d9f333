import {
  baselineBranding,
  partnerConfigSchema,
  type ThemeConfig,
} from '@tern/domain/partners/config';

/** What the portal shows when a partner's theme cannot be loaded: baseline look, default flags. */
export const baselineThemeConfig: ThemeConfig = {
  theme: 'baseline',
  branding: baselineBranding,
  config: partnerConfigSchema.parse({}),
};
