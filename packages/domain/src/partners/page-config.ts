import type { TextLanguage } from '../constants.ts';
import type { TranslationFile } from '../content/index.ts';
import type { RuntimeConfig, ThemeConfig } from './config.ts';

/**
 * What the API writes into the portal's index.html for the host it is opened on, in place of
 * `PAGE_CONFIG_MARK`: JSON elements (data, not script, so the content security policy needs
 * no exception) the portal reads at start instead of asking for them. No zod here: the web
 * app's first download reads these.
 */
export const PAGE_CONFIG_MARK = '<!--tern-runtime-config-->';

/**
 * The ids of those elements: the runtime configuration, the theme config it names, and the
 * client record of the page's origin (the answers of `GET /themes/{theme}/config.json` and
 * `GET /platform/client?domain={origin}`).
 */
export const PAGE_CONFIG_ELEMENTS = {
  runtime: 'tern-runtime-config',
  theme: 'tern-theme-config',
  client: 'tern-client-record',
} as const;

/**
 * The element the portal renders into, as index.html writes it; the API puts a server-rendered
 * page's markup in it and marks it with `PAGE_RENDERED_LANGUAGE` (the language it was rendered
 * in), which tells the portal to hydrate that markup rather than render afresh.
 */
export const PAGE_ROOT = '<div id="root"></div>';
export const PAGE_RENDERED_LANGUAGE = 'data-rendered-language';

/** A page the web app's server entry rendered: what goes in `<head>` and in the root element. */
export interface RenderedPage {
  /** The text language it was rendered in, and `<html lang>`'s locale for it. */
  language: TextLanguage;
  locale: string;
  /** Its critical CSS and the preloads of what it shows first. */
  head: string;
  /** The markup the portal hydrates. */
  body: string;
}

/**
 * The web app's server entry (apps/web/src/app/entry-server.tsx, built to
 * apps/web/dist-server): renders the pages the API sends rendered, from the same components
 * the portal hydrates.
 */
export interface PageRenderer {
  /** The language a page would be rendered in, or undefined when the path is not one it renders. */
  pageLanguage(url: string, theme: ThemeConfig): TextLanguage | undefined;
  render(page: {
    language: TextLanguage;
    runtime: RuntimeConfig;
    theme: ThemeConfig;
    translations: (language: TextLanguage) => Promise<TranslationFile>;
  }): Promise<RenderedPage>;
}
