import { describe, expect, it } from 'vitest';
import { baselineBranding, type Branding } from '@tern/domain';
import { partnerBrands, type PartnerLookup } from './brand.ts';

const withLogo = (logo: string): Branding => ({
  ...baselineBranding,
  name: 'Skyward Air',
  images: { ...baselineBranding.images, logo },
});

/** Partners and stored assets in memory; `asked` records every asset read. */
const lookup = (branding: Branding | undefined) => {
  const asked: string[] = [];
  const partners: PartnerLookup = {
    byId: async () => (branding ? { branding } : undefined),
    asset: async (theme, name) => {
      asked.push(`${theme}/${name}`);
      return name === 'logo.png'
        ? { contentType: 'image/png', body: Buffer.from('png') }
        : undefined;
    },
  };
  return { asked, brandOf: partnerBrands(partners) };
};

describe("a partner's brand for email", () => {
  it('reads the logo the branding names among the stored theme images', async () => {
    const { asked, brandOf } = lookup(withLogo('/assets/themes/travel/logo.png'));
    const brand = await brandOf('travel');
    expect(brand.branding.name).toBe('Skyward Air');
    expect(brand.logo).toEqual({ contentType: 'image/png', body: Buffer.from('png') });
    expect(asked).toEqual(['travel/logo.png']);
  });

  it('never fetches a logo from elsewhere: the email shows the name instead', async () => {
    const { asked, brandOf } = lookup(
      withLogo('https://cdn.example.com/assets/themes/travel/logo.png'),
    );
    expect(await brandOf('travel')).toEqual({
      branding: withLogo('https://cdn.example.com/assets/themes/travel/logo.png'),
    });
    expect(asked).toEqual([]);
  });

  it('has no logo when the stored image is missing', async () => {
    const { brandOf } = lookup(withLogo('/assets/themes/travel/gone.png'));
    expect((await brandOf('travel')).logo).toBeUndefined();
  });

  it('falls back to the baseline brand for a partner that no longer exists', async () => {
    const { brandOf } = lookup(undefined);
    expect(await brandOf('gone')).toEqual({ branding: baselineBranding });
  });
});
