import { createHash } from 'node:crypto';
import escapeHtmlText from 'escape-html';

/**
 * HTML and XML text the server writes itself (the dev outbox page, branded emails, generated
 * SVG images): one escape, so every place that puts a value into markup escapes it alike.
 */

/** Text or an attribute value made safe for HTML and XML: `& < > " '` become entities. */
export const escapeHtml = (text: string): string => escapeHtmlText(text);

/**
 * The Content-Security-Policy source that allows one inline element (a page's own style
 * sheet) by its hash: the page's policy then refuses any other inline content.
 */
export const cspHashSource = (content: string): string =>
  `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;

/** How one link is written: `href` and `label` are the URL, already escaped. */
export type LinkRenderer = (href: string, label: string) => string;

const anchor: LinkRenderer = (href, label) => `<a href="${href}">${label}</a>`;

/** What ends a URL in escaped text: white space, markup, an escaped quote or angle bracket. */
const END = String.raw`\s|<|&quot;|&#39;|&lt;|&gt;`;

/**
 * A URL in escaped text. Only http(s): no other scheme (`javascript:`) can become a link. It
 * stops at END (`<https://…>` and `"https://…"` link what is inside), and leaves sentence
 * punctuation after it (`…/reset?token=abc.`) outside the link.
 */
const URL_IN_ESCAPED_TEXT = new RegExp(
  String.raw`https?:\/\/(?:(?!${END})[^>])+?(?=[.,;:!?)]*(?:${END}|$))`,
  'g',
);

/**
 * Links in already escaped text (`escapeHtml` first) become clickable; everything else stays
 * text. `render` writes each link (a plain anchor by default).
 */
export const linkify = (escaped: string, render: LinkRenderer = anchor): string =>
  escaped.replace(URL_IN_ESCAPED_TEXT, (url) => render(url, url));
