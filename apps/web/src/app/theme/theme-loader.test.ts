import { THEME_CACHE_MS } from '@tern/domain/constants';
import { baselineBranding } from '@tern/domain/partners/config';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api-client.ts';
import { createHttpClient } from '../../lib/http.ts';
import { jsonResponse } from '../../test/fake-fetch.ts';
import { themeConfigFixture } from '../../test/theme-config-fixture.ts';
import { fetchThemeConfig } from './fetch-theme-config.ts';
import { themeCache } from './theme-cache.ts';
import { loadThemeConfig, type ThemeLoadRequest } from './theme-loader.ts';

const NOW = Date.UTC(2025, 5, 1, 12);
const travel = themeConfigFixture({ theme: 'travel', name: 'Skyway Travel' });
const fresh = themeConfigFixture({ theme: 'travel', name: 'Skyway Travel (new)' });

/** The real fetcher, through the API client, on a server answering `answer`. */
const answering = (answer: unknown) =>
  fetchThemeConfig(
    createApiClient(
      createHttpClient({
        apiRoot: '/api/v1',
        apiKey: 'key',
        getToken: () => undefined,
        fetch: async () => jsonResponse(200, answer),
      }),
    ),
  );

const request = (overrides: Partial<ThemeLoadRequest> = {}): ThemeLoadRequest => ({
  theme: 'travel',
  buildNumber: '919',
  fetchConfig: vi.fn(answering(fresh)),
  cache: themeCache,
  now: NOW,
  ...overrides,
});

const cacheEntry = (overrides: { theme?: string; buildNumber?: string; savedAt?: number } = {}) =>
  themeCache.write({
    theme: 'travel',
    buildNumber: '919',
    savedAt: NOW - 60_000,
    config: travel,
    ...overrides,
  });

describe('loadThemeConfig', () => {
  it('serves the cached config within a day for the same theme and build, without fetching', async () => {
    cacheEntry({ savedAt: NOW - THEME_CACHE_MS + 1 });
    const req = request();
    const result = await loadThemeConfig(req);
    expect(result.source).toBe('cache');
    expect(result.config.branding.name).toBe('Skyway Travel');
    expect(req.fetchConfig).not.toHaveBeenCalled();
  });

  it.each([
    ['the theme differs', { theme: 'bank' }],
    ['the build number differs', { buildNumber: '918' }],
    ['a day has passed', { savedAt: NOW - THEME_CACHE_MS }],
  ])('fetches again when %s, and caches the new config', async (_, entry) => {
    cacheEntry(entry);
    const req = request();
    const result = await loadThemeConfig(req);
    expect(req.fetchConfig).toHaveBeenCalledWith('travel');
    expect(result).toMatchObject({
      source: 'network',
      config: { branding: { name: 'Skyway Travel (new)' } },
    });
    expect(themeCache.read()).toMatchObject({ theme: 'travel', buildNumber: '919', savedAt: NOW });
  });

  it('fetches when nothing is cached', async () => {
    const req = request();
    expect((await loadThemeConfig(req)).source).toBe('network');
    expect(req.fetchConfig).toHaveBeenCalledOnce();
  });

  it.each([
    ['a string', 'oops'],
    ['null', null],
    ['an array', [1, 2]],
  ])(
    'fails with "invalid response" when the config is %s, and shows the baseline theme',
    async (_, answer) => {
      const result = await loadThemeConfig(request({ fetchConfig: answering(answer) }));
      expect(result.source).toBe('baseline');
      expect(result.error?.message).toBe('invalid response');
      expect(result.config.branding).toEqual(baselineBranding);
      expect(themeCache.read()).toBeUndefined();
    },
  );

  it('shows the baseline theme for an object that is not a theme config', async () => {
    const result = await loadThemeConfig(request({ fetchConfig: answering({ theme: 'travel' }) }));
    expect(result).toMatchObject({ source: 'baseline', error: { message: 'invalid response' } });
  });

  it('shows the baseline theme when the network fails, and tries again next time', async () => {
    const failing = request({
      fetchConfig: async () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const result = await loadThemeConfig(failing);
    expect(result.source).toBe('baseline');
    expect(result.config.theme).toBe('baseline');
    expect(result.config.config.languages).toEqual(['en', 'es', 'fr']);
    expect((await loadThemeConfig(request())).source).toBe('network');
  });
});
