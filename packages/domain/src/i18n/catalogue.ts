import pseudolocale from 'pseudolocale';
import { PSEUDO_LANGUAGE, type TextLanguage, type TranslationLanguage } from '../constants.ts';
import type { Texts, TranslationFile } from '../content/schemas.ts';
import { fallbacksOf } from './languages.ts';
import de from './texts/de.json' with { type: 'json' };
import en from './texts/en.json' with { type: 'json' };
import es from './texts/es.json' with { type: 'json' };
import fr from './texts/fr.json' with { type: 'json' };
import it from './texts/it.json' with { type: 'json' };
import mx from './texts/mx.json' with { type: 'json' };
import pt from './texts/pt.json' with { type: 'json' };
import tr from './texts/tr.json' with { type: 'json' };
import zh from './texts/zh.json' with { type: 'json' };

/**
 * The portal's texts (spec 2 §7, §9), kept as i18next JSON in `texts/{language}.json`: one
 * namespace per area named after it, the shell's (`translation`), and the error catalogue's
 * and validation rules' texts. The API serves each language as one translation file from
 * the theme path; the web app never imports this module (it would carry every language).
 */
export const SHELL_NAMESPACE = 'translation';
/**
 * Merged into the shell namespace, so the error handler's `errors.{code}` and the rules'
 * `validation.{key}` resolve from any area (every area namespace falls back to the shell's).
 */
const SHELL_PARTS = ['errors', 'validation'] as const;
/**
 * Namespaces only the server renders: `messages`, the emails and SMS Tern sends
 * (apps/api notifications/templates.ts). Written beside the portal's texts so translators and
 * the completeness checks see them, but left out of the portal's translation file, which
 * would otherwise carry every message to every visitor.
 */
export const SERVER_NAMESPACES = ['messages'] as const;

/** What translators wrote, per language: namespace → texts. */
const written = { de, en, es, fr, it, mx, pt, tr, zh } as Record<
  TranslationLanguage,
  Record<string, Texts>
>;

/** The texts of one written language, by namespace: `translation`, `accounts`, `errors`, … */
export const readTexts = (language: TranslationLanguage): Record<string, Texts> =>
  written[language];

/** Every text's dotted path: 'landing.hero.default.title'. */
export const textKeys = (texts: Texts, prefix = ''): string[] =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : textKeys(value, `${prefix}${key}.`),
  );

const mapTexts = (texts: Texts, map: (text: string) => string): Texts =>
  Object.fromEntries(
    Object.entries(texts).map(([key, value]) => [
      key,
      typeof value === 'string' ? map(value) : mapTexts(value, map),
    ]),
  );

/** The `<tag>`s around a linked part of a text (react-i18next's Trans fills them). */
const TAG = /<\/?[a-z][a-z0-9_]*>/g;

/**
 * Pseudo text: every letter accented, a third longer, bracketed `[!!…!!]` so a cut-off or
 * concatenated text shows; `{{placeholders}}` and `<tags>` are left for i18next to fill.
 */
export const pseudoLocalise = (texts: Texts): Texts =>
  mapTexts(texts, (text) =>
    pseudolocale(
      text.replace(TAG, (tag) => `{{${tag}}}`),
      { startDelimiter: '{{', endDelimiter: '}}', extend: 0.3, extendCharacter: '~' },
    ).replace(/\{\{(<\/?[a-z][a-z0-9_]*>)\}\}/g, '$1'),
  );

/** `texts`, with what it lacks taken from `fallback` (deeply). */
function fill(texts: Texts, fallback: Texts): Texts {
  const filled: Texts = { ...texts };
  for (const [key, value] of Object.entries(fallback)) {
    const own = texts[key];
    filled[key] =
      typeof value === 'string'
        ? typeof own === 'string'
          ? own
          : value
        : fill(typeof own === 'object' ? own : {}, value);
  }
  return filled;
}

/**
 * The shell's texts, the error and validation texts inside them, then each area's; none of
 * the server's own namespaces.
 */
export function toFile(texts: Record<string, Texts>): TranslationFile {
  const { [SHELL_NAMESPACE]: shell = {}, ...rest } = texts;
  const notAreas: readonly string[] = [...SHELL_PARTS, ...SERVER_NAMESPACES];
  const areas = Object.fromEntries(
    Object.entries(rest).filter(([name]) => !notAreas.includes(name)),
  );
  const parts = Object.fromEntries(SHELL_PARTS.map((part) => [part, rest[part] ?? {}]));
  return { [SHELL_NAMESPACE]: { ...shell, ...parts }, ...areas };
}

/**
 * A language's translation file, complete: what the language lacks is filled from its
 * fallbacks, so the portal never shows a key. The pseudo file is made from the English one.
 */
export function buildTranslationFile(
  language: TextLanguage,
  read: (language: TranslationLanguage) => Record<string, Texts> = readTexts,
): TranslationFile {
  const own =
    language === PSEUDO_LANGUAGE
      ? Object.fromEntries(
          Object.entries(toFile(read('en'))).map(([ns, texts]) => [ns, pseudoLocalise(texts)]),
        )
      : toFile(read(language));
  return fallbacksOf(language).reduce<TranslationFile>((file, fallback) => {
    const other = buildTranslationFile(fallback, read);
    return Object.fromEntries(
      Object.keys({ ...file, ...other }).map((ns) => [ns, fill(file[ns] ?? {}, other[ns] ?? {})]),
    );
  }, own);
}

const files = new Map<TextLanguage, TranslationFile>();

/** The translation file of a language as shipped, made once per process. */
export function translationFile(language: TextLanguage): TranslationFile {
  const file = files.get(language) ?? buildTranslationFile(language);
  files.set(language, file);
  return file;
}
