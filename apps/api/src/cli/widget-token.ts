import { parseArgs } from 'node:util';
import {
  API_ROOT,
  WIDGET_PANEL_NAMES,
  WIDGET_PANELS,
  WIDGET_TOKEN_PARAM,
  widgetContracts,
  widgetPanelSchema,
} from '@tern/domain';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { TOKEN_MAX_LIFETIME_S, mintPartnerToken } from '@tern/partner-client';
import { DEMO_SHOP_HOST, demoOrigin, demoPartners, demoShopOrigin } from '../seed/demo-world.ts';

/**
 * `npm run widget:token -- --partner travel --customer C123 --email x@y.com [--origin <origin>]
 * [--panels insurance,luggage] [--ttl 300]` mints what a partner's back end would send its page
 * to embed the widget: an HS256 JWT signed with the partner's demo server secret (ADR 0003),
 * for the origin of the page that frames the panels, and prints it with the panels' addresses
 * and the API call that opens a widget session with it.
 */
const usage = `Usage: npm run widget:token -- --partner <id> --customer <id> --email <address>
       [--origin <the framing page's origin; default the demo shop, http://${DEMO_SHOP_HOST}:<port>>]
       [--panels <${WIDGET_PANEL_NAMES.join(',')}: a comma-separated subset; default all>]
       [--first <name>] [--last <name>] [--ttl <seconds, at most ${TOKEN_MAX_LIFETIME_S}>] [--port <port>]
Partners: ${demoPartners.map((p) => p.id).join(', ')}`;

const panelsSchema = z
  .string()
  .transform((list) => list.split(','))
  .pipe(z.array(widgetPanelSchema).min(1));

async function main() {
  const { values } = parseArgs({
    options: {
      partner: { type: 'string' },
      customer: { type: 'string' },
      email: { type: 'string' },
      origin: { type: 'string' },
      panels: { type: 'string' },
      first: { type: 'string', default: 'Jo' },
      last: { type: 'string', default: 'Doe' },
      ttl: { type: 'string', default: String(TOKEN_MAX_LIFETIME_S) },
      port: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const partner = demoPartners.find((p) => p.id === values.partner);
  const panels = values.panels === undefined ? undefined : panelsSchema.safeParse(values.panels);
  if (values.help || !partner || !values.customer || !values.email || panels?.success === false) {
    console.error(usage);
    process.exit(values.help ? 0 : 1);
  }
  const port = values.port ? Number(values.port) : loadConfig().PORT;
  const origin = values.origin ?? demoShopOrigin(port);
  const token = await mintPartnerToken({
    partnerId: partner.id,
    secret: partner.serverSecret,
    kid: `${partner.id}-demo`,
    audience: origin,
    customer: values.customer,
    email: values.email,
    first: values.first,
    last: values.last,
    panels: panels?.data,
    ttlSeconds: Number(values.ttl),
  });
  const portal = demoOrigin(partner, port);
  const urls = (panels?.data ?? WIDGET_PANEL_NAMES).map(
    (panel) =>
      `  ${panel.padEnd(14)} ${portal}${WIDGET_PANELS[panel].path}?${WIDGET_TOKEN_PARAM}=${token}`,
  );
  console.log(`Widget token for customer ${values.customer} of ${partner.name}, for pages of ${origin} (valid ${values.ttl} s, single use):

${token}

Panels (framed by a page of ${origin}; one of them uses the token up):
${urls.join('\n')}

API:     curl -X POST -H 'api-key: ${partner.apiKey}' -H 'content-type: application/json' -d '{"token":"${token}"}' ${portal}${API_ROOT}${widgetContracts.session.path}`);
}

await main();
