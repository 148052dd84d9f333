import {
  WIDGET_EMBED_SCRIPT_PATH,
  WIDGET_PANEL_NAMES,
  WIDGET_PANELS,
  WIDGET_TOKEN_PARAM,
  type WidgetPanel,
} from '@tern/domain';
import { cspHashSource, escapeHtml as e } from '../../lib/html.ts';

/**
 * The demo shop's pages (issue 30): plain HTML, no framework, each with a policy of its own.
 * The shop is "the partner's own site": what a partner's developers would write around
 * Tern's embed script.
 */

/** What the shop calls each panel in its headings. */
const PANEL_HEADINGS: Record<WidgetPanel, string> = {
  dashboard: 'Dashboard',
  account: 'Account',
  insurance: 'Insurance',
  luggage: 'Lost luggage',
  passengers: 'Passengers',
  payoutmethods: 'Payout methods',
};

/** The element ids the host script and the journeys read. */
export const SHOP_ELEMENT_IDS = { shop: 'shop', events: 'events' } as const;

const STYLE = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f5f5f0}
header,main,aside{max-width:960px;margin:0 auto;padding:16px}
header{border-bottom:4px solid #c05621}
h1{margin:0 0 4px;font-size:1.5rem}
section{background:#fff;border:1px solid #d2d6dc;border-radius:8px;padding:12px;margin:0 0 16px}
h2{margin:0 0 8px;font-size:1.125rem}
.tern-panel{min-height:48px}
iframe{width:100%;height:240px;border:1px dashed #9aa5b1}
#events{font:13px/1.4 ui-monospace,monospace;background:#fff;border:1px solid #d2d6dc;padding:8px 8px 8px 40px;overflow-wrap:anywhere}
a{color:#9c4221}`;

export interface ShopPage {
  html: string;
  /** Its Content-Security-Policy header. */
  policy: string;
}

function document(title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(title)}</title>
<style>${STYLE}</style>
${head}</head><body>
${body}
</body></html>`;
}

/** The policy of a page that runs `scripts` and frames `frames`, framed by nobody. */
const policyOf = (sources: { scripts?: string[]; frames?: string[]; connect?: string[] }) =>
  [
    "default-src 'none'",
    `style-src ${cspHashSource(STYLE)}`,
    ...(sources.scripts ? [`script-src ${sources.scripts.join(' ')}`] : []),
    ...(sources.connect ? [`connect-src ${sources.connect.join(' ')}`] : []),
    ...(sources.frames ? [`frame-src ${sources.frames.join(' ')}`] : []),
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/** A list of the demo partners' pages on this host. */
export function indexPage(title: string, lead: string, partners: { id: string; name: string }[]) {
  const items = partners
    .map((p) => `<li><a href="/${e(encodeURIComponent(p.id))}">${e(p.name)}</a></li>`)
    .join('\n');
  return {
    html: document(
      title,
      '',
      `<main><h1>${e(title)}</h1><p>${e(lead)}</p><ul>${items}</ul></main>`,
    ),
    policy: policyOf({}),
  };
}

/**
 * A partner's shop: Tern's embed script from the partner's portal, then the shop's own
 * script (`script`), which mounts each `.tern-panel` with a token its back end mints and lists
 * every `tern:*` event the panels send in `#events`.
 */
export function shopPage(input: {
  partner: { id: string; name: string };
  portal: string;
  script: string;
  user: string;
}): ShopPage {
  const { partner, portal } = input;
  const sections = [
    ...WIDGET_PANEL_NAMES.map((panel) => ({ key: panel, panel, heading: PANEL_HEADINGS[panel] })),
    { key: 'insurance-basic', panel: 'insurance' as const, heading: 'Insurance (compact view)' },
  ]
    .map(
      ({ key, panel, heading }) => `<section aria-labelledby="heading-${key}">
<h2 id="heading-${key}">${e(heading)}</h2>
<div class="tern-panel" id="panel-${key}" data-panel="${panel}"${key === 'insurance-basic' ? ' data-basic="true"' : ''}></div>
</section>`,
    )
    .join('\n');
  const title = `${partner.name} — shop`;
  return {
    html: document(
      title,
      `<script src="${e(portal + WIDGET_EMBED_SCRIPT_PATH)}"></script>
<script src="${e(input.script)}" defer></script>
`,
      `<header><h1>${e(title)}</h1>
<p>A page of ${e(partner.name)}'s own site, on another origin than its portal, with Tern's panels embedded for ${e(input.user)}.</p></header>
<main id="${SHOP_ELEMENT_IDS.shop}" data-partner="${e(partner.id)}" data-portal="${e(portal)}">
${sections}
</main>
<aside aria-labelledby="heading-events"><h2 id="heading-events">Events from the panels</h2><ol id="${SHOP_ELEMENT_IDS.events}"></ol></aside>`,
    ),
    policy: policyOf({
      scripts: ["'self'", portal],
      // The shop's back end mints the tokens; the panels live in the portal's frames.
      connect: ["'self'", portal],
      frames: [portal],
    }),
  };
}

/**
 * A stranger's page (an origin no partner lists) framing a panel, a panel whose token the
 * shop's back end minted for the shop, and the portal itself: the browser refuses each.
 */
export function strangerPage(input: {
  partner: { name: string };
  portal: string;
  token: string;
}): ShopPage {
  const { portal } = input;
  const frames = [
    { title: 'A panel', src: portal + WIDGET_PANELS.dashboard.path },
    {
      title: "A panel with a token minted for the partner's shop",
      src: `${portal}${WIDGET_PANELS.insurance.path}?${WIDGET_TOKEN_PARAM}=${encodeURIComponent(input.token)}`,
    },
    { title: 'The portal', src: `${portal}/` },
  ]
    .map(
      (
        frame,
        i,
      ) => `<section aria-labelledby="heading-${i}"><h2 id="heading-${i}">${e(frame.title)}</h2>
<iframe title="${e(frame.title)}" src="${e(frame.src)}"></iframe></section>`,
    )
    .join('\n');
  const title = `A stranger's page framing ${input.partner.name}`;
  return {
    html: document(
      title,
      '',
      `<header><h1>${e(title)}</h1><p>This origin is none of ${e(input.partner.name)}'s embedding origins: the browser shows none of these frames.</p></header>
<main>${frames}</main>`,
    ),
    policy: policyOf({ frames: [portal] }),
  };
}
