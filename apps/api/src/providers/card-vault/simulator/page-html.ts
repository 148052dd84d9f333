import { TEXT_LANGUAGE_LOCALES, type TranslationLanguage } from '@tern/domain';
import { cspHashSource, escapeHtml } from '../../../lib/html.ts';
import { CARD_NUMBER_INPUT_MAX } from '@tern/domain';
import { FRAME_ELEMENT_IDS } from '../frame/elements.ts';
import type { FrameTexts } from './texts.ts';

/**
 * The card-entry frame's page, and the page of an address that no longer works. One field and
 * its label, the error under it; the script is a file (`script-src 'self'`), the style sheet
 * inline, allowed by its hash, so the page's policy refuses everything else.
 *
 * What a portal's style sheet (`css` of the frame request) may aim at: `body`, `label`,
 * `input` (`input[aria-invalid="true"]` when its number is refused) and `.error`.
 */

/** The frame's own look, before the portal's: readable and WCAG AA without it. */
const BASE_STYLE = `*{box-sizing:border-box}
html,body{margin:0;background:transparent}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;padding:3px}
label{display:block;font-weight:600;margin:0 0 4px}
input{display:block;width:100%;min-height:44px;font:inherit;padding:8px 12px;border:1px solid #767676;border-radius:4px;background:#fff;color:inherit}
input:focus{outline:2px solid #0b5cad;outline-offset:1px}
input[aria-invalid="true"]{border-color:#b00020}
.error{margin:4px 0 0;color:#b00020;font-size:.875rem}
.error:empty{display:none}
p.expired{margin:0}`;

/**
 * The portal's rules after the frame's own. The request's schema refuses `</` already; a `<`
 * is written as its CSS escape anyway, so no style sheet can end the element it is in.
 */
const styleOf = (css: string) => `${BASE_STYLE}\n${css.replace(/</g, '\\3c ')}`;

/**
 * Who may frame the page: exactly the origin it was made for (an origin as URL parses it, so
 * it holds no space or `;` to add a directive); `'none'` when the page knows no origin.
 */
const ancestors = (origin: string | undefined) => origin ?? "'none'";

export interface RenderedPage {
  html: string;
  /** The page's Content-Security-Policy header. */
  policy: string;
}

function document(language: TranslationLanguage, title: string, style: string, body: string) {
  return `<!doctype html>
<html lang="${TEXT_LANGUAGE_LOCALES[language]}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head><body>
${body}
</body></html>`;
}

/** The field, for `origin` only, whose script posts what is typed to `action`. */
export function framePage(input: {
  language: TranslationLanguage;
  texts: FrameTexts;
  origin: string;
  css: string;
  action: string;
  script: string;
}): RenderedPage {
  const { language, texts, origin } = input;
  const ids = FRAME_ELEMENT_IDS;
  const style = styleOf(input.css);
  // Data the script reads, never code: the parent's origin comes from here, not from the
  // address or document.referrer, which whoever frames the page controls.
  const messages = JSON.stringify(texts.messages).replace(/</g, '\\u003c');
  const body = `<main><form id="${ids.form}" data-origin="${escapeHtml(origin)}" data-action="${escapeHtml(input.action)}" novalidate>
<label for="${ids.input}">${escapeHtml(texts.label)}</label>
<input id="${ids.input}" name="cardnumber" type="text" autocomplete="cc-number" inputmode="numeric" maxlength="${CARD_NUMBER_INPUT_MAX}" spellcheck="false" autocorrect="off" autocapitalize="off" required aria-invalid="false" aria-describedby="${ids.error}">
<p id="${ids.error}" class="error" aria-live="polite"></p>
</form></main>
<script id="${ids.texts}" type="application/json">${messages}</script>
<script src="${escapeHtml(input.script)}"></script>`;
  return {
    html: document(language, texts.label, style, body),
    policy: [
      "default-src 'none'",
      "script-src 'self'",
      `style-src ${cspHashSource(style)}`,
      // The number goes to the vault itself, and nowhere else.
      "connect-src 'self'",
      `frame-ancestors ${ancestors(origin)}`,
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; '),
  };
}

/** An address that expired or never was: the text says so, nothing else runs. */
export function expiredPage(input: {
  language: TranslationLanguage;
  texts: FrameTexts;
  /** The origin of an expired frame, which may still frame this page. */
  origin: string | undefined;
}): RenderedPage {
  const style = BASE_STYLE;
  const body = `<main><p class="expired" role="alert">${escapeHtml(input.texts.messages['errors.card_frame_invalid'])}</p></main>`;
  return {
    html: document(input.language, input.texts.label, style, body),
    policy: [
      "default-src 'none'",
      `style-src ${cspHashSource(style)}`,
      `frame-ancestors ${ancestors(input.origin)}`,
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; '),
  };
}
