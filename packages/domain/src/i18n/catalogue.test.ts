import { describe, expect, it } from 'vitest';
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '../constants.ts';
import {
  buildTranslationFile,
  pseudoLocalise,
  readTexts,
  SHELL_NAMESPACE,
  textKeys,
  translationFile,
} from './catalogue.ts';
import type { Texts } from '../content/index.ts';
import { fallbacksOf, uiLanguageOf } from './languages.ts';

const placeholders = (text: unknown) =>
  [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const textAt = (texts: Texts, key: string) =>
  key
    .split('.')
    .reduce<Texts | string | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      texts,
    );
const others = TRANSLATION_LANGUAGES.filter((language) => language !== 'en');
const namespaceCases = others.flatMap((language) =>
  Object.keys(readTexts('en')).map((ns) => [language, ns] as const),
);
const english = (ns: string) => readTexts('en')[ns] ?? {};
const written = (language: TranslationLanguage, ns: string) => readTexts(language)[ns] ?? {};

describe('every shipped language', () => {
  it.each(namespaceCases)('%s %s has every English key, and none English lacks', (language, ns) => {
    const keys = textKeys(written(language, ns));
    expect(textKeys(english(ns)).filter((key) => !keys.includes(key))).toEqual([]);
    expect(keys.filter((key) => !textKeys(english(ns)).includes(key))).toEqual([]);
  });

  it.each(namespaceCases)(
    '%s %s fills the same {{placeholders}}, with no empty text',
    (language, ns) => {
      const texts = written(language, ns);
      const mismatched = textKeys(english(ns)).filter(
        (key) =>
          placeholders(textAt(english(ns), key)).join() !== placeholders(textAt(texts, key)).join(),
      );
      expect(mismatched).toEqual([]);
      expect(
        textKeys(texts).filter((key) => {
          const text = textAt(texts, key);
          return typeof text !== 'string' || text.trim() === '';
        }),
      ).toEqual([]);
    },
  );
});

describe('the translation catalogue', () => {
  it('ships every translation language, each with the same files as English', () => {
    const english = Object.keys(readTexts('en'));
    expect(english).toContain(SHELL_NAMESPACE);
    for (const language of TRANSLATION_LANGUAGES)
      expect(Object.keys(readTexts(language)), language).toEqual(english);
  });

  it('puts the error and validation texts in the shell namespace, one namespace per area', () => {
    const file = translationFile('fr');
    expect(Object.keys(file)).not.toContain('errors');
    expect(file[SHELL_NAMESPACE]).toMatchObject({
      errors: { unknown_error: expect.any(String) },
      validation: { required: expect.any(String) },
    });
    expect(Object.keys(file)).toEqual(expect.arrayContaining(['accounts', 'content']));
  });

  it("leaves the server's own texts (emails, SMS) out of every file the portal downloads", () => {
    for (const language of TRANSLATION_LANGUAGES) {
      expect(Object.keys(readTexts(language)), language).toContain('messages');
      expect(Object.keys(translationFile(language)), language).not.toContain('messages');
    }
    expect(Object.keys(translationFile('pseudo'))).not.toContain('messages');
    expect(JSON.stringify(translationFile('de'))).not.toContain('Setzen Sie Ihr Passwort');
  });

  it('maps a locale to its text language, for the portal and the messages alike', () => {
    expect(uiLanguageOf('de-DE')).toBe('de');
    expect(uiLanguageOf('en-CA')).toBe('en');
    expect(uiLanguageOf('fr-CA')).toBe('fr');
    expect(uiLanguageOf('es-MX')).toBe('mx');
    expect(uiLanguageOf('es-ES')).toBe('es');
    expect(uiLanguageOf('zh-CN')).toBe('zh');
    expect(uiLanguageOf('nl-NL')).toBeUndefined();
    expect(uiLanguageOf('')).toBeUndefined();
  });

  it('falls back to the standard language, then to pseudo', () => {
    expect(fallbacksOf('mx')).toEqual(['es', 'en', 'pseudo']);
    expect(fallbacksOf('de')).toEqual(['en', 'pseudo']);
    expect(fallbacksOf('en')).toEqual(['pseudo']);
    expect(fallbacksOf('pseudo')).toEqual([]);

    const texts: Partial<Record<TranslationLanguage, Record<string, Texts>>> = {
      en: { translation: { a: 'A', b: 'B', c: 'C' }, travel: { trip: 'Trip' } },
      es: { translation: { a: 'A es', b: 'B es' }, travel: {} },
      mx: { translation: { a: 'A mx' } },
    };
    const read = (language: TranslationLanguage) => texts[language] ?? {};
    const mexican = buildTranslationFile('mx', read);
    expect(mexican[SHELL_NAMESPACE]).toMatchObject({ a: 'A mx', b: 'B es', c: 'C' });
    expect(mexican.travel).toEqual({ trip: 'Trip' });
    expect(buildTranslationFile('de', read)[SHELL_NAMESPACE]).toMatchObject({ a: 'A', c: 'C' });
  });

  it('makes the pseudo language from English: accented, longer, bracketed, placeholders kept', () => {
    const pseudo = pseudoLocalise({ welcome: 'Welcome to {{name}}', nested: { ok: 'Close' } });
    const welcome = pseudo.welcome as string;
    expect(welcome).toMatch(/^\[!!.*\{\{name\}\}.*!!\]$/);
    expect(welcome.length).toBeGreaterThan('Welcome to {{name}}'.length * 1.3);
    expect(welcome.replace('{{name}}', '')).not.toMatch(/[A-Za-z]{2}/);
    expect(pseudo.nested).toEqual({ ok: expect.stringMatching(/^\[!!.*!!\]$/) });
    const linked = pseudoLocalise({ tob: 'I accept the <terms>terms</terms>' }).tob as string;
    expect(linked).toMatch(/^\[!!.*<terms>[^<]+<\/terms>.*!!\]$/);
    expect(linked).not.toContain('terms<');

    const file = translationFile('pseudo');
    const english = translationFile('en');
    for (const ns of Object.keys(english))
      expect(textKeys(file[ns] ?? {}), ns).toEqual(textKeys(english[ns] ?? {}));
  });
});
