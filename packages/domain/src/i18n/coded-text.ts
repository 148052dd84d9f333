import { z } from 'zod';
import { formatNumber } from './format.ts';

/**
 * A text the reader's portal writes in their language (issue 25 item 5.13): the key of one of
 * the portal's texts, `namespace:path` (`resolutions:texts.payment_reason`), and the values it
 * names. Values whose name ends in `Date` are ISO dates, written in the reader's format;
 * numbers are written in the reader's; `count` picks the plural. A text a partner or provider
 * wrote itself has no key: it is shown as given (`params.text`).
 */
export const codedTextSchema = z
  .object({
    key: z.string().nullable(),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
  })
  .meta({ id: 'CodedText' });
export type CodedText = z.infer<typeof codedTextSchema>;

/** A text by its key and values. */
export const codedText = (key: string, params: CodedText['params'] = {}): CodedText => ({
  key,
  params,
});

/** A text as someone else wrote it, shown as given. */
export const freeText = (text: string): CodedText => ({ key: null, params: { text } });

/** A text kept before texts had keys (a plain sentence) as a coded one. */
export const asCodedText = (text: CodedText | string): CodedText =>
  typeof text === 'string' ? freeText(text) : text;

/** `namespace:path` → its two parts (a key without a namespace is the shell's). */
export function splitTextKey(key: string): { ns: string; path: string } {
  const colon = key.indexOf(':');
  return colon < 0
    ? { ns: 'translation', path: key }
    : { ns: key.slice(0, colon), path: key.slice(colon + 1) };
}

type Texts = Record<string, unknown>;

/**
 * A coded text in one language's texts (the server's own rendering, where no portal writes it:
 * a wallet pass): its plural by `count`, its values by name, numbers in `locale`'s format. A
 * key the texts lack gives null.
 */
export function renderCodedText(texts: Texts, text: CodedText, locale: string): string | null {
  if (text.key === null) return String(text.params.text ?? '');
  const { ns, path } = splitTextKey(text.key);
  const parts = path.split('.');
  const last = parts.pop()!;
  let parent: unknown = texts[ns];
  for (const part of parts)
    parent = typeof parent === 'object' && parent !== null ? (parent as Texts)[part] : undefined;
  if (typeof parent !== 'object' || parent === null) return null;
  // Plurals as i18next keeps them: `booked_one`, `booked_other` beside each other.
  const count = text.params.count;
  const plural =
    typeof count === 'number' ? `${last}_${new Intl.PluralRules(locale).select(count)}` : last;
  const node =
    (parent as Texts)[plural] ?? (parent as Texts)[`${last}_other`] ?? (parent as Texts)[last];
  if (typeof node !== 'string') return null;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = text.params[name];
    return typeof value === 'number' ? formatNumber(value, locale) : (value ?? '');
  });
}
