import { baselineBranding, type Branding } from '@tern/domain';
import { escapeHtml, linkify } from '../../lib/html.ts';
import { emailFooter } from './templates.ts';

/**
 * The HTML part of an email in a partner's brand. Mail clients ignore style sheets and most
 * modern CSS, so the layout is nested tables with inline styles (and `bgcolor` for the clients
 * that drop background styles); every value from a message or a partner is escaped.
 */
export interface EmailHtmlInput {
  branding: Branding;
  /** Which message (templates.ts): a few put their link forward as a button. */
  template: string;
  subject: string;
  text: string;
  locale: string;
  /** The Content-ID of the logo attached inline; without it the partner's name stands in. */
  logoCid?: string;
}

/** Messages whose link is the point of the message: it is also a button, labelled by the subject. */
const LINK_AS_BUTTON = new Set(['password-reset']);

const FONT = 'Helvetica, Arial, sans-serif';
const MUTED = '#6b7280';
const RULE = '#e5e7eb';

/**
 * Palette colours go into style attributes: the schema allows only `#rrggbb`, but branding is
 * stored JSON, so a value that is not a colour falls back to the baseline's, never into CSS.
 */
const colour = (value: string, fallback: string) =>
  /^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback;

/** A BCP 47 tag for `lang`; anything else (a stored oddity) reads as English. */
const langOf = (locale: string) =>
  /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(locale) ? locale : 'en';

export function brandedEmailHtml(input: EmailHtmlInput): string {
  const { branding, subject, text, locale } = input;
  const base = baselineBranding.palette;
  const p = {
    primary: colour(branding.palette.primary, base.primary),
    secondary: colour(branding.palette.secondary, base.secondary),
    background: colour(branding.palette.background, base.background),
    paper: colour(branding.palette.paper, base.paper),
    text: colour(branding.palette.text, base.text),
  };
  const name = escapeHtml(branding.name);

  // An SVG logo shows in few mail clients, and a remote image is blocked by most: the partner's
  // name set in its colours (like the generated logos' plate) is the mark that always shows.
  const mark = input.logoCid
    ? `<img src="cid:${escapeHtml(input.logoCid)}" alt="${name}" height="48" style="display:block;height:48px;width:auto;max-width:240px;border:0;outline:none;text-decoration:none;">`
    : `<span style="display:inline-block;padding:8px 14px;border-radius:8px;background-color:${p.paper};color:${p.primary};font-family:${FONT};font-size:22px;font-weight:700;line-height:28px;">${name}</span>`;

  const link = (href: string, label: string) =>
    `<a href="${href}" style="color:${p.primary};text-decoration:underline;word-break:break-all;">${label}</a>`;
  const button = (href: string) =>
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;"><tr><td bgcolor="${p.primary}" style="background-color:${p.primary};border-radius:6px;"><a href="${href}" style="display:inline-block;padding:12px 24px;border-radius:6px;font-family:${FONT};font-size:16px;font-weight:700;line-height:20px;color:${p.paper};text-decoration:none;">${escapeHtml(subject)}</a></td></tr></table>`;

  // Each line of the text is a paragraph; the first link of a message in LINK_AS_BUTTON is
  // repeated as a button under its paragraph (the link itself stays, to copy).
  let buttonShown = !LINK_AS_BUTTON.has(input.template);
  const paragraphs = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const hrefs: string[] = [];
      const body = linkify(escapeHtml(line), (href, label) => {
        hrefs.push(href);
        return link(href, label);
      });
      const paragraph = `<p style="margin:0 0 16px;">${body}</p>`;
      if (buttonShown || hrefs[0] === undefined) return paragraph;
      buttonShown = true;
      return paragraph + button(hrefs[0]);
    })
    .join('\n');

  return `<!doctype html>
<html lang="${escapeHtml(langOf(locale))}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${p.background};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${p.background}" style="background-color:${p.background};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" bgcolor="${p.paper}" style="width:100%;max-width:600px;background-color:${p.paper};border-collapse:collapse;">
<tr><td bgcolor="${p.primary}" style="background-color:${p.primary};padding:20px 32px;">${mark}</td></tr>
<tr><td height="4" bgcolor="${p.secondary}" style="background-color:${p.secondary};height:4px;font-size:0;line-height:0;">&nbsp;</td></tr>
<tr><td style="padding:32px;font-family:${FONT};font-size:16px;line-height:24px;color:${p.text};">
<h1 style="margin:0 0 16px;font-family:${FONT};font-size:20px;line-height:28px;font-weight:700;color:${p.primary};">${escapeHtml(subject)}</h1>
${paragraphs}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid ${RULE};font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED};">${escapeHtml(emailFooter(locale, branding.name))}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
