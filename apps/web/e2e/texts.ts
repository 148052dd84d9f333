import { readFileSync, readdirSync } from 'node:fs';

// Untyped on purpose: a journey names the texts it looks for, as a person reads them.
const read = (url: URL) => JSON.parse(readFileSync(url, 'utf8'));
const features = new URL('../src/features/', import.meta.url);

/**
 * What a person reads, as the portal ships it: the shell's texts, and each area's under its
 * name (`texts.en.accounts.register.title`), so journeys find elements by their real words.
 */
export function textsOf(language: 'en' | 'es' | 'fr') {
  const areas = readdirSync(features).filter((area) => {
    try {
      readFileSync(new URL(`${area}/texts/${language}.json`, features));
      return true;
    } catch {
      return false;
    }
  });
  return {
    ...read(new URL(`../src/app/i18n/locales/${language}.json`, import.meta.url)),
    ...Object.fromEntries(
      areas.map((area) => [area, read(new URL(`${area}/texts/${language}.json`, features))]),
    ),
  };
}
