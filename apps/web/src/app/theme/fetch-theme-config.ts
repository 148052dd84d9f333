import type { ThemeConfig } from '@tern/domain/partners/config';
import type { ApiClient } from '../../lib/api-client.ts';

/**
 * `GET {apiRoot}/themes/{theme}/config.json`, checked by its contract: an answer that is not
 * a theme config fails with "invalid response" (spec 1 §4). The contract (and zod with it)
 * downloads with the first fetch; a theme served from the cache needs neither.
 */
export const fetchThemeConfig =
  (api: ApiClient) =>
  async (theme: string): Promise<ThemeConfig> => {
    const { partnersContracts } = await import('@tern/domain/partners/contracts');
    return api.call(partnersContracts.themeConfig, { params: { theme } });
  };
