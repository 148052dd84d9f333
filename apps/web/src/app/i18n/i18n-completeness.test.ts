import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';

/** 'a.b.c' paths of every text in a locale file. */
const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

const textAt = (tree: object, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);

const placeholders = (text: unknown) =>
  [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const others = { es, fr };

describe('UI locale files', () => {
  it.each(Object.entries(others))('%s has every English key', (_, locale) => {
    expect(keysOf(en).filter((key) => !keysOf(locale).includes(key))).toEqual([]);
  });

  it.each(Object.entries(others))('%s has no key English lacks', (_, locale) => {
    expect(keysOf(locale).filter((key) => !keysOf(en).includes(key))).toEqual([]);
  });

  it.each(Object.entries({ en, ...others }))('%s has no empty text', (_, locale) => {
    expect(keysOf(locale).filter((key) => String(textAt(locale, key)).trim() === '')).toEqual([]);
  });

  it.each(Object.entries(others))('%s fills the same {{placeholders}} as English', (_, locale) => {
    const mismatched = keysOf(en).filter(
      (key) => placeholders(textAt(en, key)).join() !== placeholders(textAt(locale, key)).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it("leaves the domain's errors and validation namespaces to the domain", () => {
    expect(Object.keys(en)).not.toContain('errors');
    expect(Object.keys(en)).not.toContain('validation');
  });
});
