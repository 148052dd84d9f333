import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Texts } from '@tern/domain/content/schemas';
import { readTexts, SHELL_NAMESPACE, toFile } from '@tern/domain/i18n/catalogue';
import { describe, expect, it } from 'vitest';
import { webAreas } from '../areas.ts';

const SRC = join(import.meta.dirname, '../..');

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** A key as code uses it: its namespace, the key, and whether it is a prefix (`a.${x}`). */
type Use = { file: string; ns: string; key: string; prefix: boolean };

/**
 * The keys each source file passes to `t` as literals, with the namespace the file's
 * `useTranslation('area')` picks; template keys count by their literal prefix.
 */
function usesIn(path: string): Use[] {
  const source = readFileSync(path, 'utf8');
  const file = relative(SRC, path);
  const ns = /useTranslation\('([a-z-]+)'\)/.exec(source)?.[1] ?? SHELL_NAMESPACE;
  const literal = [...source.matchAll(/\bt\(\s*'([a-z0-9_.-]+)'/g)].map((m) => ({
    file,
    ns,
    key: m[1]!,
    prefix: false,
  }));
  const templates = [...source.matchAll(/\bt\(\s*`([a-z0-9_.-]+)\.\$\{/g)].map((m) => ({
    file,
    ns,
    key: m[1]!,
    prefix: true,
  }));
  return [...literal, ...templates];
}

const uses = sourceFiles(SRC).flatMap(usesIn);

const at = (texts: Texts | undefined, key: string) =>
  key
    .split('.')
    .reduce<Texts | string | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      texts,
    );

describe('the texts the portal uses', () => {
  it('are found in the sources (the scan works)', () => {
    expect(uses.length).toBeGreaterThan(150);
    expect(uses).toContainEqual(
      expect.objectContaining({ ns: 'content', key: 'faq.title', prefix: false }),
    );
  });

  it('name only namespaces that are the shell or an area', () => {
    const areaNames = webAreas.map((area) => area.name);
    for (const ns of Object.keys(toFile(readTexts('en'))))
      expect([SHELL_NAMESPACE, ...areaNames], ns).toContain(ns);
    for (const use of uses) expect([SHELL_NAMESPACE, ...areaNames], use.file).toContain(use.ns);
  });

  it.each(['en', 'es', 'fr'] as const)(
    'exist in %s: every key code uses, in its namespace or the shell',
    (language) => {
      const file = toFile(readTexts(language));
      const missing = uses.filter(({ ns, key, prefix }) => {
        // A counted text is found by its plural forms (`found_one`, `found_other`).
        const found = [file[ns], file[SHELL_NAMESPACE]].flatMap((texts) => [
          at(texts, key),
          at(texts, `${key}_other`),
        ]);
        return !found.some((text) =>
          prefix ? typeof text === 'object' : typeof text === 'string',
        );
      });
      expect(missing.map(({ file: f, ns, key }) => `${f}: ${ns}:${key}`)).toEqual([]);
    },
  );
});
