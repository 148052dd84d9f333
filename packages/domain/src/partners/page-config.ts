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
