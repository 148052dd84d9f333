import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { translationFile } from '@tern/domain/i18n/catalogue';

const textsFolder = new URL('../../../packages/domain/src/i18n/texts/', import.meta.url);

/**
 * What a person reads, as the portal ships it: the shell's texts, and each area's under its
 * name (`texts.en.accounts.register.title`), so journeys find elements by their real words.
 * Untyped on purpose: a journey names the texts it looks for, as a person reads them. The
 * pseudo texts are made as the API makes them.
 */
export function textsOf(language: string) {
  const { translation, ...namespaces } =
    language === 'pseudo'
      ? translationFile('pseudo')
      : JSON.parse(readFileSync(new URL(`${language}.json`, textsFolder), 'utf8'));
  return { ...translation, ...namespaces };
}

/**
 * The words on the page outside pseudo text (`[!!…!!]`): text the pseudo language did not
 * reach, i.e. left untranslated. Content in a language of its own (`lang` other than the
 * page's: help documents, each language's own name in the switcher) and `data` words (the
 * partner's name, a user's name) are not texts of the portal and are left out.
 */
export async function unaccentedWords(page: Page, data: string[] = []) {
  const text = await page.evaluate(() => {
    const pageLang = document.documentElement.lang;
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const element of body.querySelectorAll('script, style, noscript, svg')) element.remove();
    const ownLanguage: string[] = [];
    for (const element of body.querySelectorAll('[lang]'))
      if (element.getAttribute('lang') !== pageLang) {
        ownLanguage.push(element.textContent ?? '');
        element.remove();
      }
    // A help document's page is titled with the document's own title ("Terms of use ·
    // Skyward Air"): text in its own language, like the document.
    const title = ownLanguage
      .filter((text) => text.trim() !== '')
      .reduce((rest, text) => rest.replace(text, ' '), document.title);
    const labels = [...body.querySelectorAll('[aria-label], [placeholder], [title]')].map(
      (element) =>
        ['aria-label', 'placeholder', 'title']
          .map((name) => element.getAttribute(name) ?? '')
          .join(' '),
    );
    return [title, body.textContent ?? '', ...labels].join(' ');
  });
  let rest = text.replace(/\[!![\s\S]*?!!\]/g, ' ');
  for (const value of data) rest = rest.split(value).join(' ');
  return [...new Set(rest.match(/[A-Za-z]{2,}/g) ?? [])];
}
