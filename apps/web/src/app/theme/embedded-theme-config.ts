import type { ThemeConfig } from '@tern/domain/partners/config';
import { PAGE_CONFIG_ELEMENTS } from '@tern/domain/partners/page-config';
import { isRecord } from '../../lib/is-record.ts';
import { readPageJson } from '../../lib/page-json.ts';

/**
 * The theme config the API wrote into the page for this host (the answer of
 * `GET /themes/{theme}/config.json`, made from the same schema), when it is the one the
 * runtime configuration names. The page is the server's, as the runtime configuration is: the
 * browser checks the shape it relies on, not the whole schema (zod stays out of the first
 * download). Nothing embedded (Vite's dev server) or another theme: the loader asks the API.
 */
export function readEmbeddedThemeConfig(
  theme: string,
  doc: Document = document,
): ThemeConfig | undefined {
  const raw = readPageJson(PAGE_CONFIG_ELEMENTS.theme, doc);
  return isRecord(raw) &&
    raw.theme === theme &&
    isRecord(raw.config) &&
    isRecord(raw.branding) &&
    isRecord(raw.branding.palette) &&
    isRecord(raw.branding.images)
    ? (raw as ThemeConfig)
    : undefined;
}
