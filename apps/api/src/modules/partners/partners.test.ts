import { describe, expect, it } from 'vitest';
import {
  API_ROOT,
  apiErrorSchema,
  baselineBranding,
  clientRecordSchema,
  partnersContracts,
  routeName,
  themeConfigSchema,
} from '@tern/domain';
import { demoPartner, travelKey, useTestApp } from '../../../test/app.ts';
import { urlOf } from '../../../test/urls.ts';

describe('partners API', () => {
  const t = useTestApp();

  describe(routeName(partnersContracts.client), () => {
    it('answers the partner that owns the domain of an origin', async () => {
      const res = await t.app.inject({
        url: urlOf(partnersContracts.client, {}, { domain: 'http://business.localhost:3000' }),
        headers: travelKey,
      });
      expect(res.statusCode).toBe(200);
      const body = clientRecordSchema.parse(res.json());
      expect(body.partnerId).toBe('business');
      expect(body.cmsBundle).toBe('harbour-business');
      expect(body.branding.name).toBe('Harbour Mutual');
      expect(body.branding.images.logo).toBe('/assets/themes/business/logo.svg');
    });

    it('accepts a bare host as well as an origin', async () => {
      const res = await t.app.inject({
        url: urlOf(partnersContracts.client, {}, { domain: 'identity.localhost' }),
        headers: travelKey,
      });
      expect(res.json().partnerId).toBe('identity');
    });

    it('answers the default partner for a domain no partner claims', async () => {
      const res = await t.app.inject({
        url: urlOf(partnersContracts.client, {}, { domain: 'https://nobody.example.org' }),
        headers: travelKey,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().partnerId).toBe('travel');
    });

    it('refuses a missing domain with INVALID_PARAMS on the domain field', async () => {
      const res = await t.app.inject({
        url: urlOf(partnersContracts.client),
        headers: travelKey,
      });
      expect(res.statusCode).toBe(400);
      const body = apiErrorSchema.parse(res.json());
      expect(body.code).toBe('INVALID_PARAMS');
      expect(body.field).toBe('domain');
    });
  });

  describe(routeName(partnersContracts.themeConfig), () => {
    it("answers a partner's palette, images and full configuration with spec defaults", async () => {
      const res = await t.app.inject({
        url: urlOf(partnersContracts.themeConfig, { theme: 'business' }),
        headers: travelKey,
      });
      expect(res.statusCode).toBe(200);
      const body = themeConfigSchema.parse(res.json());
      expect(body.theme).toBe('business');
      expect(body.branding.palette.primary).toBe('#1b6b4a');
      expect(body.config.parametric).toBe(true);
      expect(body.config.owl).toBe(false);
      expect(body.config.selectPassengers).toBe(true);
      // The partner's own default locale: a British mutual's mobile numbers start at +44.
      expect(body.config.defaultLocale).toBe('en-GB');
      expect(body.branding.fonts).toEqual({
        heading: 'Lora Variable',
        body: 'Source Sans 3 Variable',
      });
    });

    it('gives each demo partner a different theme', async () => {
      const primaries = new Set<string>();
      for (const theme of ['travel', 'business', 'identity']) {
        const res = await t.app.inject({
          url: urlOf(partnersContracts.themeConfig, { theme }),
          headers: travelKey,
        });
        primaries.add(res.json().branding.palette.primary);
      }
      expect(primaries.size).toBe(3);
    });

    it('falls back to the baseline theme for an unknown theme', async () => {
      const res = await t.app.inject({
        url: urlOf(partnersContracts.themeConfig, { theme: 'no-such-theme' }),
        headers: travelKey,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().theme).toBe('baseline');
      expect(res.json().branding).toEqual(baselineBranding);
    });

    it('refuses a theme name that is not a slug', async () => {
      const res = await t.app.inject({
        // `../etc`, encoded: `..%2Fetc`.
        url: urlOf(partnersContracts.themeConfig, { theme: '../etc' }),
        headers: travelKey,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_PARAMS');
    });
  });

  describe('theme images', () => {
    it("serves a partner's logo as SVG without an api-key", async () => {
      const res = await t.app.inject({ url: '/assets/themes/identity/logo.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body).toContain('Northbank');
    });

    it('gives each demo partner its own drawn logo mark and hero image, not one recoloured', async () => {
      const bodies = new Map<string, string>();
      for (const theme of ['travel', 'business', 'identity'])
        for (const file of ['logo.svg', 'small-logo.svg', 'main-background.svg']) {
          const res = await t.app.inject({ url: `/assets/themes/${theme}/${file}` });
          expect(res.statusCode).toBe(200);
          bodies.set(`${theme}/${file}`, res.body);
        }
      // The artwork files of apps/api/src/seed/brand, as drawn for each partner.
      expect(bodies.get('business/main-background.svg')).toContain('Harbour Mutual illustration');
      expect(bodies.get('identity/small-logo.svg')).toContain('Northbank mark');
      const marks = ['travel', 'business', 'identity'].map((theme) =>
        bodies.get(`${theme}/small-logo.svg`)!.replace(/#[0-9a-f]{6}/gi, ''),
      );
      // Different drawings, even with every colour taken out.
      expect(new Set(marks).size).toBe(3);
      const { body: favicon } = await t.app.inject({ url: '/assets/themes/travel/favicon.svg' });
      expect(favicon).toBe(bodies.get('travel/small-logo.svg'));
    });

    it('serves the baseline images', async () => {
      const res = await t.app.inject({ url: '/assets/baseline/favicon.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<svg');
    });

    it('answers 404 in the error shape for a missing image', async () => {
      const res = await t.app.inject({ url: '/assets/themes/travel/nothing.svg' });
      expect(res.statusCode).toBe(404);
      expect(apiErrorSchema.parse(res.json()).code).toBe('THEME_NOT_FOUND');
    });
  });

  describe('runtime configuration', () => {
    it("gives the browser its partner's public key resolved from the host", async () => {
      const res = await t.app.inject({
        url: '/runtime-config.json',
        headers: { host: 'identity.localhost:3000' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        apiRoot: API_ROOT,
        apiKey: demoPartner('identity').apiKey,
        partnerId: 'identity',
        theme: 'identity',
      });
    });

    it('gives plain localhost the default partner', async () => {
      const res = await t.app.inject({
        url: '/runtime-config.json',
        headers: { host: 'localhost:3000' },
      });
      expect(res.json().partnerId).toBe('travel');
    });
  });
});
