import { THEME_CACHE_MS } from '@tern/domain/constants';
import type { ThemeConfig } from '@tern/domain/partners/config';
import { isFresh } from '../../lib/fresh.ts';
import type { StoredValue } from '../../lib/storage.ts';
import type { ThemeCacheEntry } from './theme-cache.ts';

export type ThemeLoadRequest = {
  theme: string;
  buildNumber: string;
  /** `GET {apiRoot}/themes/{theme}/config.json`, checked (fetch-theme-config.ts). */
  fetchConfig: (theme: string) => Promise<ThemeConfig>;
  cache: StoredValue<ThemeCacheEntry>;
  now: number;
  /** The config the page came with (embedded-theme-config.ts): used as it is. */
  embedded?: ThemeConfig | undefined;
};

export type ThemeLoadResult = {
  config: ThemeConfig;
  source: 'page' | 'cache' | 'network' | 'baseline';
  /** Why the baseline theme is shown, when it is. */
  error?: Error;
};

/**
 * Theme loading of spec 1 §4, where the page did not bring the theme along: a cached config serves for one day as long as the theme and the
 * build number are the ones it was fetched for; otherwise it is fetched again. A config that
 * is not an object fails with "invalid response"; that, a wrong shape or a network failure
 * shows the baseline theme, which is never cached so the next visit tries again.
 */
export async function loadThemeConfig(request: ThemeLoadRequest): Promise<ThemeLoadResult> {
  // Served with the page just now: fresher than any cache, and no request before the paint.
  if (request.embedded) return { config: request.embedded, source: 'page' };
  const cached = request.cache.read();
  if (cached && isFresh(cached, request, request.now, THEME_CACHE_MS))
    return { config: cached.config, source: 'cache' };
  try {
    const config = await request.fetchConfig(request.theme);
    request.cache.write({
      theme: request.theme,
      buildNumber: request.buildNumber,
      savedAt: request.now,
      config,
    });
    return { config, source: 'network' };
  } catch (cause) {
    const error = cause instanceof Error ? cause : new Error(String(cause));
    const { baselineThemeConfig } = await import('./baseline-theme-config.ts');
    return { config: baselineThemeConfig, source: 'baseline', error };
  }
}
