import { TEXT_LANGUAGE_LOCALES, type TranslationLanguage } from '@tern/domain';
import { cspHashSource, escapeHtml } from '../../../lib/html.ts';
import type { SharedAccount } from '../port.ts';
import { SIMULATED_BANK_KEYS, SIMULATED_BANKS, type SimulatedBank } from './banks.ts';
import { BANK_TEXTS, fill, type BankTexts } from './texts.ts';

/**
 * The simulated bank's pages, as HTML: the bank chooser, the bank's consent screen and the
 * plain pages of a journey that cannot go on. No script, no image: one style sheet inline,
 * allowed by its hash (`PAGE_STYLE_HASH`), so the page's policy can refuse everything else.
 */

/**
 * The pages' colours: each bank's own, the chooser's neutral; white text on each, and each
 * as text on white and on the page, stay above WCAG AA (page-html.test.ts checks them).
 */
export const PALETTE = {
  text: '#1a1a1a',
  muted: '#4a4f57',
  page: '#f4f5f7',
  surface: '#ffffff',
  border: '#8a9099',
  error: '#b00020',
  brands: { neutral: '#2b2f36', lanyard: '#0b5563', quayside: '#1f3a68', meridian: '#7a1f3d' },
} as const;
const { brands } = PALETTE;

const STYLE = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:${PALETTE.text};background:${PALETTE.page};--brand:${brands.neutral}}
.b-lanyard{--brand:${brands.lanyard}}.b-quayside{--brand:${brands.quayside}}.b-meridian{--brand:${brands.meridian}}
.wrap{max-width:34rem;margin:0 auto;padding:0 16px}
.masthead{background:var(--brand);color:${PALETTE.surface};padding:14px 0}
.masthead .wrap{display:flex;align-items:center;gap:10px}
.brand{font-weight:700;font-size:1.125rem}
.mark{display:inline-flex;align-items:center;justify-content:center;flex:none;width:32px;height:32px;border-radius:50%;font-weight:700;background:var(--brand);color:${PALETTE.surface}}
.masthead .mark{background:${PALETTE.surface};color:var(--brand)}
main.wrap{padding:20px 16px 8px}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 12px}
h2{font-size:1.125rem;margin:0 0 8px}
.card{background:${PALETTE.surface};border:1px solid ${PALETTE.border};border-radius:8px;padding:16px;margin:0 0 16px}
.card ul{margin:0 0 8px;padding-left:1.25rem}
.card p{margin:0}
fieldset{border:0;margin:0 0 8px;padding:0;min-width:0}
legend{font-weight:700;font-size:1.125rem;margin:0 0 8px;padding:0}
.option{display:flex;align-items:center;gap:12px;background:${PALETTE.surface};border:1px solid ${PALETTE.border};border-radius:8px;padding:12px;margin:0 0 8px}
.option input{width:22px;height:22px;margin:0;flex:none;accent-color:var(--brand)}
.option label{flex:1;display:flex;flex-direction:column;gap:2px;cursor:pointer;overflow-wrap:anywhere}
.option .with-mark{flex-direction:row;align-items:center;gap:10px}
.number{color:${PALETTE.muted};font-size:.9375rem}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin:16px 0}
.actions form{margin:0}
button{font:inherit;font-weight:600;min-height:44px;padding:10px 20px;border-radius:6px;cursor:pointer;border:2px solid var(--brand)}
.primary{background:var(--brand);color:${PALETTE.surface}}
.secondary{background:${PALETTE.surface};color:var(--brand)}
a{color:var(--brand)}
:focus-visible{outline:3px solid ${PALETTE.text};outline-offset:2px}
.error{color:${PALETTE.error};font-weight:600;margin:0 0 8px}
footer{color:${PALETTE.muted};font-size:.875rem;padding-bottom:24px}`;

/** The CSP source that allows the page's one style sheet and nothing else inline. */
export const PAGE_STYLE_HASH = cspHashSource(STYLE);

const e = escapeHtml;

function document(
  language: TranslationLanguage,
  title: string,
  bodyClass: string,
  body: string,
): string {
  return `<!doctype html>
<html lang="${TEXT_LANGUAGE_LOCALES[language]}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head><body class="${bodyClass}">
${body}
<footer class="wrap"><p>${e(BANK_TEXTS[language].simulated)}</p></footer>
</body></html>`;
}

const markOf = (bank: SimulatedBank) => e(SIMULATED_BANKS[bank].name.charAt(0));

/** What a journey's form carries, whichever page it is on. */
interface JourneyForm {
  language: TranslationLanguage;
  action: string;
  journeyId: string;
  token: string;
  /** The host the customer returns to: who asks for the data. */
  host: string;
}

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${e(value)}">`;

/** A cancel button, in its own form where the page's main form is not a POST. */
const cancelForm = (form: JourneyForm, t: BankTexts) =>
  `<form method="post" action="${e(form.action)}">${hidden('journey', form.journeyId)}${hidden('token', form.token)}<button type="submit" name="decision" value="cancel" class="secondary">${e(t.cancel)}</button></form>`;

/** The first page: which bank (the provider's, not a bank's: no brand). */
export function chooserPage(form: JourneyForm, problem: boolean): string {
  const t = BANK_TEXTS[form.language];
  const options = SIMULATED_BANK_KEYS.map(
    (bank) =>
      `<div class="option b-${bank}"><input type="radio" id="bank-${bank}" name="bank" value="${bank}" required${problem ? ' aria-describedby="bank-error"' : ''}><label for="bank-${bank}" class="with-mark"><span class="mark" aria-hidden="true">${markOf(bank)}</span><span>${e(SIMULATED_BANKS[bank].name)}</span></label></div>`,
  ).join('\n');
  return document(
    form.language,
    t.chooserTitle,
    'b-neutral',
    `<main class="wrap">
<h1>${e(t.chooserTitle)}</h1>
<p>${e(fill(t.chooserLead, { host: form.host }))}</p>
<form method="get" action="${e(form.action)}" id="choose">${hidden('journey', form.journeyId)}
<fieldset><legend>${e(t.bankLegend)}</legend>
${problem ? `<p class="error" id="bank-error" role="alert">${e(t.chooseBankError)}</p>\n` : ''}${options}
</fieldset>
</form>
<div class="actions"><button type="submit" form="choose" class="primary">${e(t.continue)}</button>${cancelForm(form, t)}</div>
</main>`,
  );
}

/** The bank's consent screen: what is shared, with whom, from which accounts. */
export function consentPage(
  form: JourneyForm & { bank: SimulatedBank; accounts: SharedAccount[]; ticked: string[] },
  problem: boolean,
): string {
  const t = BANK_TEXTS[form.language];
  const bankName = SIMULATED_BANKS[form.bank].name;
  const accounts = form.accounts
    .map(
      (account, i) =>
        `<div class="option"><input type="checkbox" id="account-${i}" name="account" value="${e(account.accountId)}"${form.ticked.includes(account.accountId) ? ' checked' : ''}${problem ? ' aria-describedby="accounts-error"' : ''}><label for="account-${i}"><span>${e(account.name)}</span><span class="number">${e(fill(t.accountEnding, { digits: account.accountNumber.slice(-4) }))}</span></label></div>`,
    )
    .join('\n');
  const chooser = `${form.action}?journey=${encodeURIComponent(form.journeyId)}`;
  return document(
    form.language,
    `${bankName}: ${t.consentTitle}`,
    `b-${form.bank}`,
    `<header class="masthead"><div class="wrap"><span class="mark" aria-hidden="true">${markOf(form.bank)}</span><span class="brand">${e(bankName)}</span></div></header>
<main class="wrap">
<h1>${e(t.consentTitle)}</h1>
<p>${e(fill(t.recipient, { host: form.host }))}</p>
<section class="card" aria-labelledby="shared"><h2 id="shared">${e(t.sharedHeading)}</h2>
<ul><li>${e(t.sharedDetails)}</li><li>${e(t.sharedBalances)}</li><li>${e(t.sharedTransactions)}</li></ul>
<p>${e(t.duration)}</p></section>
<form method="post" action="${e(form.action)}">${hidden('journey', form.journeyId)}${hidden('token', form.token)}${hidden('bank', form.bank)}
<fieldset><legend>${e(t.accountsLegend)}</legend>
${problem ? `<p class="error" id="accounts-error" role="alert">${e(t.noAccount)}</p>\n` : ''}${accounts}
</fieldset>
<div class="actions"><button type="submit" name="decision" value="allow" class="primary">${e(t.allow)}</button><button type="submit" name="decision" value="cancel" class="secondary">${e(t.cancel)}</button></div>
</form>
<p><a href="${e(chooser)}">${e(t.otherBank)}</a></p>
</main>`,
  );
}

/** Why a journey cannot go on: not found, answered already, or the form's token is wrong. */
export type PageProblem = 'notFound' | 'ended' | 'expired';

export function problemPage(language: TranslationLanguage, problem: PageProblem): string {
  const t = BANK_TEXTS[language];
  const pages: Record<PageProblem, [title: string, body: string]> = {
    notFound: [t.notFoundTitle, t.notFoundBody],
    ended: [t.endedTitle, t.endedBody],
    expired: [t.expiredTitle, t.expiredBody],
  };
  const [title, body] = pages[problem];
  return document(
    language,
    title,
    'b-neutral',
    `<main class="wrap"><h1>${e(title)}</h1><p>${e(body)}</p></main>`,
  );
}
