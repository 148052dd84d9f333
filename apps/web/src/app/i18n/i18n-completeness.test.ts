import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import { englishResources, loadResources, namespaces } from './resources.ts';

/** 'a.b.c' paths of every text in a tree of texts. */
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

const others = { es: await loadResources('es'), fr: await loadResources('fr') };
const cases = Object.entries(others).flatMap(([language, resources]) =>
  namespaces.map((ns) => [language, ns, resources[ns] as object] as const),
);
const english = (ns: string) => englishResources[ns] as object;

describe('texts of the shell and of every area', () => {
  it('give every area with texts its own namespace, in every language', () => {
    for (const resources of [englishResources, ...Object.values(others)])
      expect(Object.keys(resources).sort()).toEqual([...namespaces].sort());
  });

  it.each(cases)('%s %s has every English key', (_, ns, texts) => {
    expect(keysOf(english(ns)).filter((key) => !keysOf(texts).includes(key))).toEqual([]);
  });

  it.each(cases)('%s %s has no key English lacks', (_, ns, texts) => {
    expect(keysOf(texts).filter((key) => !keysOf(english(ns)).includes(key))).toEqual([]);
  });

  it.each([...namespaces.map((ns) => ['en', ns, english(ns)] as const), ...cases])(
    '%s %s has no empty text',
    (_, __, texts) => {
      expect(keysOf(texts).filter((key) => String(textAt(texts, key)).trim() === '')).toEqual([]);
    },
  );

  it.each(cases)('%s %s fills the same {{placeholders}} as English', (_, ns, texts) => {
    const mismatched = keysOf(english(ns)).filter(
      (key) =>
        placeholders(textAt(english(ns), key)).join() !== placeholders(textAt(texts, key)).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it("leaves the domain's errors and validation namespaces to the domain", () => {
    expect(Object.keys(en)).not.toContain('errors');
    expect(Object.keys(en)).not.toContain('validation');
  });
});
