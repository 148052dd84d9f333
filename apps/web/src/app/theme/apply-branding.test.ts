import { describe, expect, it } from 'vitest';
import { themeConfigFixture } from '../../test/theme-config-fixture.ts';
import { applyBranding } from './apply-branding.ts';

describe('applyBranding', () => {
  it("sets the document title and the favicon from the partner's branding", () => {
    document.head.innerHTML = '<link rel="icon" href="/old.svg">';
    const { branding } = themeConfigFixture({ name: 'Skyway Travel' });
    applyBranding({
      ...branding,
      images: { ...branding.images, favicon: '/assets/themes/travel/favicon.svg' },
    });
    expect(document.title).toBe('Skyway Travel');
    const icons = document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]');
    expect(icons).toHaveLength(1);
    expect(icons[0]?.getAttribute('href')).toBe('/assets/themes/travel/favicon.svg');
  });

  it('adds a favicon link when the page has none', () => {
    document.head.innerHTML = '';
    applyBranding(themeConfigFixture().branding);
    expect(document.querySelector('link[rel="icon"]')).not.toBeNull();
  });
});
