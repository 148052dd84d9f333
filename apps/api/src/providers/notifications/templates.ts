/**
 * Every message Tern sends (emails and SMS), in the user's language: the texts are the
 * `messages` namespace of the portal's catalogue (packages/domain/src/i18n/texts/*.json, all
 * its languages, checked for completeness with the portal's), rendered with i18next as the
 * portal renders its own, so plurals and fallbacks (Mexican → Spanish → English) are the
 * same. The locale picks the language as the portal's does (`de-DE` → German, `es-MX` →
 * Mexican Spanish; a language without texts → English).
 */
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '@tern/domain';
import { readTexts, SERVER_NAMESPACES } from '@tern/domain/i18n/catalogue';
import { i18nextOptions } from '@tern/domain/i18n/i18next-options';
import { uiLanguageOf } from '@tern/domain/i18n/languages';
import i18next from 'i18next';

interface Vars {
  otc: { code: string; minutes: number; partnerName: string };
  'password-reset': { link: string; minutes: number; partnerName: string };
  'email-changed': { newEmail: string; partnerName: string };
  'mobile-changed': { endsWith: string; partnerName: string };
  'payout-method-changed': {
    description: string;
    change: 'added' | 'changed' | 'removed';
    partnerName: string;
  };
  'mobile-confirm': { code: string; minutes: number; partnerName: string };
  'email-confirm': { code: string; minutes: number; partnerName: string };
  'link-invitation': { firstName: string; link: string; days: number; partnerName: string };
  'staff-invitation': { firstName: string; link: string; days: number; partnerName: string };
  'support-received': { reference: string; subject: string; partnerName: string };
  'sign-in-attempts': { partnerName: string };
  'flight-alert': {
    flightNumber: string;
    /** Scheduled local departure, `YYYY-MM-DD HH:mm`. */
    embark: string;
    alertType: 'DELAY' | 'CANCELLATION' | 'ONTIME';
    delayDate: string | null;
    partnerName: string;
  };
  'bag-status': {
    /** The bag's file reference. */
    pir: string;
    /** Where tracing moved it. */
    status: 'BAG_LOCATED' | 'BAG_FORWARDED' | 'BAG_DELIVERED' | 'BAG_LOST';
    partnerName: string;
  };
  'claim-update': {
    claimNumber: string;
    /** The insured business. */
    businessName: string;
    /** What happened to the claim. */
    step: 'opened' | 'offer' | 'adjusted' | 'payment-details' | 'paid';
    partnerName: string;
  };
  'monitoring-alert': {
    /** The subscriber's own description of the item, and its masked value. */
    friendlyName: string;
    displayValue: string;
    /** The breached service's title. */
    breachTitle: string;
    partnerName: string;
  };
  'card-replacement': {
    /** The order's reference, and the customer it is for (as the partner knows them). */
    reference: string;
    name: string;
    emailAddress: string;
  };
  'support-request': {
    reference: string;
    name: string;
    emailAddress: string;
    contactNumber: string;
    category: string;
    localTime: string;
    subject: string;
    body: string;
  };
}
export type TemplateName = keyof Vars;

const [NAMESPACE] = SERVER_NAMESPACES;

/**
 * One instance for the process, holding the `messages` texts of every language (they are
 * small, and read synchronously: `initAsync: false`).
 */
const messages = i18next.createInstance();
void messages.init({
  ...i18nextOptions('en', NAMESPACE),
  resources: Object.fromEntries(
    TRANSLATION_LANGUAGES.map((language) => [
      language,
      { [NAMESPACE]: readTexts(language)[NAMESPACE] ?? {} },
    ]),
  ),
});

/** The text language of `locale`: the portal's mapping, English when it has none. */
const languageOf = (locale: string): TranslationLanguage => uiLanguageOf(locale) ?? 'en';

/** A text of the `messages` namespace with its values filled (and `count`'s plural). */
type Text = (key: string, values?: object) => string;

const textsIn = (locale: string): Text => {
  const t = messages.getFixedT(languageOf(locale), NAMESPACE);
  // Keys are built from template names, which i18next's typed keys cannot follow.
  return (key, values = {}) => t(key, values as Record<string, unknown>);
};

type Message = { subject: string; text: string };

/** Templates whose texts are not the plain `{template}.subject` and `{template}.text`. */
const special: { [T in TemplateName]?: (t: Text, vars: Vars[T]) => Message } = {
  // The change is a word of each language (Spanish puts it first: «Se añadió…»).
  'payout-method-changed': (t, vars) => {
    const change = t(`payout-method-changed.change.${vars.change}`);
    return {
      subject: t('payout-method-changed.subject', { ...vars, change }),
      text: t('payout-method-changed.text', { ...vars, change }),
    };
  },
  // A cancellation has its own texts; a delay (or on-time news) says when the flight leaves.
  'flight-alert': (t, vars) => {
    const kind = vars.alertType === 'CANCELLATION' ? 'cancelled' : 'delayed';
    const values = { ...vars, delayDate: vars.delayDate ?? t('flight-alert.later') };
    return {
      subject: t(`flight-alert.${kind}.subject`, values),
      text: t(`flight-alert.${kind}.text`, values),
    };
  },
  // Each step of a claim has its own texts.
  'claim-update': (t, vars) => ({
    subject: t(`claim-update.${vars.step}.subject`, vars),
    text: t(`claim-update.${vars.step}.text`, vars),
  }),
  // Each step of tracing has its own texts.
  'bag-status': (t, vars) => {
    const step = vars.status.replace('BAG_', '').toLowerCase();
    return {
      subject: t(`bag-status.${step}.subject`, vars),
      text: t(`bag-status.${step}.text`, vars),
    };
  },
};

/** The value whose plural a template's text takes (`text_one`, `text_other`). */
const countOf = (vars: object): number | undefined => {
  const { minutes, days } = vars as { minutes?: unknown; days?: unknown };
  const count = minutes ?? days;
  return typeof count === 'number' ? count : undefined;
};

/** The subject and text of a message in the language of `locale`. */
export function renderTemplate<T extends TemplateName>(
  template: T,
  locale: string,
  vars: Vars[T],
): Message {
  const t = textsIn(locale);
  const own = special[template];
  if (own) return own(t, vars);
  const count = countOf(vars);
  return {
    subject: t(`${template}.subject`, { ...vars }),
    text: t(`${template}.text`, count === undefined ? { ...vars } : { ...vars, count }),
  };
}

/** The footer of a branded email (email-html.ts): who sent it. */
export const emailFooter = (locale: string, partnerName: string): string =>
  textsIn(locale)('footer', { partnerName });
