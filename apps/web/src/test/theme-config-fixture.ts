import {
  baselineBranding,
  themeConfigSchema,
  type PartnerConfig,
  type PartnerConfigOverrides,
  type PartnerMode,
  type ThemeConfig,
} from '@tern/domain/partners/config';

/** A valid theme config for tests, with partner flags overridden as needed. */
export const themeConfigFixture = (
  overrides: { theme?: string; name?: string; config?: PartnerConfigOverrides } = {},
): ThemeConfig =>
  themeConfigSchema.parse({
    theme: overrides.theme ?? 'travel',
    branding: {
      ...baselineBranding,
      name: overrides.name ?? 'Skyway Travel',
      palette: { ...baselineBranding.palette, navbar: '#0b3d91' },
      images: { ...baselineBranding.images, logo: '/assets/themes/travel/logo.svg' },
    },
    config: overrides.config ?? {},
  });

/** The whole configuration of a partner of each data-loading set (spec 1 §4). */
export const configOfMode = (mode: PartnerMode): PartnerConfig =>
  themeConfigFixture({
    config:
      mode === 'parametric' ? { parametric: true } : mode === 'monitoring' ? { owl: true } : {},
  }).config;
