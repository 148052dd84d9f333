import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '@tern/domain';
import { readTexts } from '@tern/domain/i18n/catalogue';

/**
 * What the card-entry frame says, in the language the portal asks for (`?lang=`). Its
 * messages are the portal's own catalogue texts, so the frame and the portal's forms word a
 * problem alike: the validation rules' keys and the error catalogue's. Only the field's label
 * is the vault's.
 */

/** The catalogue keys the frame shows or hands the portal (`CardFrameEvent.error`). */
const FRAME_MESSAGE_KEYS = [
  'validation.required',
  'validation.invalidCardNumber',
  'errors.card_frame_invalid',
  'errors.card_token_invalid',
  'errors.rate_limited',
] as const;
export type FrameMessageKey = (typeof FRAME_MESSAGE_KEYS)[number];

const LABELS: Record<TranslationLanguage, string> = {
  en: 'Card number',
  es: 'Número de tarjeta',
  mx: 'Número de tarjeta',
  fr: 'Numéro de carte',
  de: 'Kartennummer',
  it: 'Numero della carta',
  pt: 'Número do cartão',
  tr: 'Kart numarası',
  zh: '卡号',
};

export const isFrameLanguage = (value: unknown): value is TranslationLanguage =>
  (TRANSLATION_LANGUAGES as readonly unknown[]).includes(value);

/** A catalogue text by its dotted key, in `language` or else in English. */
function catalogueText(language: TranslationLanguage, key: FrameMessageKey): string {
  const [namespace = '', name = ''] = key.split('.');
  for (const from of [language, 'en'] as const) {
    const text = readTexts(from)[namespace]?.[name];
    if (typeof text === 'string') return text;
  }
  // The catalogue's tests keep every key in English: this is a key the frame got wrong.
  throw new Error(`no text for ${key}`);
}

export interface FrameTexts {
  label: string;
  /** The messages, by catalogue key: what the frame's script shows. */
  messages: Record<FrameMessageKey, string>;
}

export const frameTexts = (language: TranslationLanguage): FrameTexts => ({
  label: LABELS[language],
  messages: Object.fromEntries(
    FRAME_MESSAGE_KEYS.map((key) => [key, catalogueText(language, key)]),
  ) as Record<FrameMessageKey, string>,
});
