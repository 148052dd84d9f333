// @vitest-environment jsdom
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, TRANSLATION_LANGUAGES, type TranslationLanguage } from '@tern/domain';
import { accountsOf } from './banks.ts';
import { chooserPage, consentPage, PALETTE, problemPage } from './page-html.ts';
import { BANK_TEXTS } from './texts.ts';

/** What these tests read of jsdom's page (the API's types have no DOM). */
interface PageElement {
  id: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
}
interface PageDocument {
  open(): void;
  write(html: string): void;
  close(): void;
  title: string;
  documentElement: { lang: string };
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
}
const { document: dom } = globalThis as unknown as { document: PageDocument };

/** Shows `html` as the test's page. */
function show(html: string) {
  dom.open();
  dom.write(html);
  dom.close();
}

/**
 * The pages as a browser parses them, checked by axe (WCAG 2.2 AA and best practice). jsdom
 * lays nothing out, so axe cannot measure contrast here: the palette's test does.
 */
async function violationsOf(html: string) {
  show(html);
  const results = await axe.run(dom as never, {
    runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

const form = (language: TranslationLanguage) => ({
  language,
  action: '/sim/open-banking/authorize',
  journeyId: '6f1c1e0e-8d7a-4a43-9a53-3f0d6f6f2c11',
  token: 'token-token-token',
  host: 'business.localhost:3000',
});
const consent = (language: TranslationLanguage, problem: boolean) => {
  const accounts = accountsOf('customer-1', 'lanyard');
  return consentPage(
    { ...form(language), bank: 'lanyard', accounts, ticked: [accounts[0]!.accountId] },
    problem,
  );
};

describe('the simulated bank’s pages', () => {
  it('pass axe: the chooser, the consent screen (with and without its message), the problem pages', async () => {
    for (const page of [
      chooserPage(form('en'), false),
      chooserPage(form('en'), true),
      consent('en', false),
      consent('en', true),
      problemPage('en', 'notFound'),
      problemPage('en', 'ended'),
      problemPage('en', 'expired'),
    ])
      expect(await violationsOf(page)).toEqual([]);
    // axe does find what is wrong here: a box without a label, a page without a language.
    expect(
      await violationsOf(
        '<!doctype html><html><title>x</title><main><input type="checkbox"></main></html>',
      ),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^label:/),
        expect.stringMatching(/^html-has-lang:/),
      ]),
    );
  });

  it('pass axe in every language, with the language on the page', async () => {
    for (const language of TRANSLATION_LANGUAGES) {
      const page = consent(language, true);
      expect(await violationsOf(page)).toEqual([]);
      expect(dom.documentElement.lang).toMatch(
        new RegExp(`^${language === 'mx' ? 'es-MX' : language}$`),
      );
      expect(dom.title).toContain(BANK_TEXTS[language].consentTitle);
    }
  });

  it('label every control, name each action, and keep the focus visible', () => {
    show(consent('en', false));
    for (const input of dom.querySelectorAll('input[type=checkbox]'))
      expect(dom.querySelector(`label[for="${input.id}"]`)?.textContent).toMatch(
        /Account ending \d{4}$/,
      );
    const buttons = [...dom.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons).toEqual(['Allow', 'Cancel']);
    expect(dom.querySelector('style')!.textContent).toMatch(/:focus-visible\{outline:3px solid/);
    // Made for a phone first: the page is as wide as the screen, nothing wider than 360 px.
    expect(dom.querySelector('meta[name=viewport]')!.getAttribute('content')).toBe(
      'width=device-width,initial-scale=1',
    );
    expect(dom.querySelector('style')!.textContent).not.toMatch(
      /(?:^|[;{])(?:min-)?width:\s*(?:[4-9]\d\d|\d{4,})px/,
    );
  });

  it('keep their colours above WCAG AA contrast: text, buttons, links, the focus ring', () => {
    const { text, muted, page, surface, border, error, brands } = PALETTE;
    for (const background of [page, surface]) {
      for (const colour of [text, muted, error])
        expect(contrastRatio(colour, background)).toBeGreaterThanOrEqual(4.5);
      // A bank's colour as text: links and the Cancel button.
      for (const brand of Object.values(brands))
        expect(contrastRatio(brand, background)).toBeGreaterThanOrEqual(4.5);
    }
    // White on a bank's colour: the masthead and the Allow button.
    for (const brand of Object.values(brands))
      expect(contrastRatio(surface, brand)).toBeGreaterThanOrEqual(7);
    // The focus ring and the options' edges against what is around them.
    expect(contrastRatio(text, page)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(border, surface)).toBeGreaterThanOrEqual(3);
  });

  it('show every text in each language, none left empty', () => {
    for (const language of TRANSLATION_LANGUAGES)
      for (const [key, text] of Object.entries(BANK_TEXTS[language]))
        expect(text.trim(), `${language}.${key}`).not.toBe('');
  });
});
