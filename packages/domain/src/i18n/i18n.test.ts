import { describe, it, expect } from 'vitest';
import { errorCodes } from '../errors.ts';
import { TRANSLATION_LANGUAGES } from '../constants.ts';
import * as rules from '../rules/index.ts';
import { readTexts } from './catalogue.ts';
import { interfaceLanguageOf } from './languages.ts';

/** The error and validation texts of every shipped language (the portal's are tested in web). */
const domainResources = Object.fromEntries(
  TRANSLATION_LANGUAGES.map((language) => {
    const { errors, validation } = readTexts(language) as Record<string, Record<string, string>>;
    return [language, { errors: errors ?? {}, validation: validation ?? {} }];
  }),
) as Record<
  (typeof TRANSLATION_LANGUAGES)[number],
  Record<'errors' | 'validation', Record<string, string>>
>;

const namespaces = ['errors', 'validation'] as const;
const sortedKeys = (texts: Record<string, string>) => Object.keys(texts).sort();
// `{{values}}` and the `<tags>` around what the portal links (react-i18next's Trans).
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|(<\/?\w+>)/g)].map((m) => m[1] ?? m[2]).sort();
const strip = (key: string) => key.replace(/^validation\./, '');

/** Messages the rules actually produce for a spread of bad input, with their params. */
const emitted = () => {
  const cases: [
    { safeParse(v: unknown): { error?: { issues: { message: string; params?: object }[] } } },
    unknown[],
  ][] = [
    [rules.emailSchema, [undefined, '', 'a b@c.de', 'nope']],
    [rules.phoneSchema, [undefined, '', '123']],
    [rules.internationalPhoneSchema, ['0791112345']],
    [rules.textSchema({ max: 2 }), [undefined, '', 'abc']],
    [rules.nameSchema(), ['', 'R2D2', 'a'.repeat(60)]],
    [rules.firstNameSchema, ['']],
    [rules.lastNameSchema, ['']],
    [rules.flightNumberSchema, ['', '12AB', 'BA-1']],
    [rules.amountSchema, ['', 'x']],
    [rules.simplePasswordSchema, ['', 'a b']],
    [
      rules.signUpPasswordSchema,
      [
        { password: 'a b', passwordConfirm: '' },
        { password: '', passwordConfirm: 'x' },
      ],
    ],
    [
      rules.dateSchema({ required: true, disablePast: true, today: '2025-06-15' }),
      ['', 'x', '2025-01-01'],
    ],
    [rules.dateSchema({ min: '2025-01-01', max: '2025-02-01' }), ['2024-01-01', '2026-01-01']],
    [rules.dateTimeSchema({ required: true }), ['', '2025-01-01T99:00']],
  ];
  return cases.flatMap(([schema, inputs]) =>
    inputs.flatMap((v) => schema.safeParse(v).error?.issues ?? []),
  );
};

describe('domain translations', () => {
  it.each(TRANSLATION_LANGUAGES)('%s has a text for every error code of the catalogue', (lang) => {
    const texts: Record<string, string> = domainResources[lang].errors;
    const missing = errorCodes
      .map((code) => code.toLowerCase())
      .filter((key) => !texts[key]?.trim());
    expect(missing).toEqual([]);
  });

  it.each(TRANSLATION_LANGUAGES)(
    '%s has the messages the error handler names outside the catalogue',
    (lang) => {
      const extra = [
        'error',
        'no_results',
        'validating_flight',
        'payout_service_not_configured',
        'lounge_confirmation_failed',
        'payout_request_failed',
        'invalid_date_time',
        'unknown_error',
        'invalid_response',
      ];
      expect(extra.filter((key) => !(key in domainResources[lang].errors))).toEqual([]);
    },
  );

  it.each(namespaces)('every language holds the same %s keys and placeholders', (ns) => {
    const en: Record<string, string> = domainResources.en[ns];
    for (const lang of TRANSLATION_LANGUAGES) {
      const texts: Record<string, string> = domainResources[lang][ns];
      expect(sortedKeys(texts), lang).toEqual(sortedKeys(en));
      for (const key of Object.keys(en)) {
        expect(placeholders(texts[key] ?? ''), `${lang} ${ns}.${key}`).toEqual(
          placeholders(en[key] ?? ''),
        );
      }
    }
  });

  it('leaves no English text untranslated', () => {
    for (const lang of TRANSLATION_LANGUAGES.filter((language) => language !== 'en')) {
      for (const ns of namespaces) {
        const en: Record<string, string> = domainResources.en[ns];
        const texts: Record<string, string> = domainResources[lang][ns];
        const copied = Object.keys(en).filter((key) => texts[key] === en[key]);
        expect(copied, `${lang} ${ns}`).toEqual([]);
      }
    }
  });

  it('has a validation text for every key the rules declare', () => {
    const missing = rules.ruleValidationKeys.filter(
      (key) => !(strip(key) in domainResources.en.validation),
    );
    expect(missing).toEqual([]);
  });

  it('has a validation text, with matching placeholders, for every message the rules emit', () => {
    const issues = emitted();
    expect(issues.length).toBeGreaterThan(20);
    const texts: Record<string, string> = domainResources.en.validation;
    for (const { message, params } of issues) {
      expect(rules.ruleValidationKeys, message).toContain(message);
      const text = texts[strip(message)];
      expect(text, message).toBeDefined();
      expect(Object.keys(params ?? {}).sort(), message).toEqual(placeholders(text ?? ''));
    }
  });
});

describe('the interface language of a text language', () => {
  it('is its own for en, es and fr, the standard one for a variant, else English', () => {
    expect(['en', 'es', 'fr', 'mx', 'de', 'zh', 'en-XA'].map(interfaceLanguageOf)).toEqual([
      'en',
      'es',
      'fr',
      'es',
      'en',
      'en',
      'en',
    ]);
  });
});
