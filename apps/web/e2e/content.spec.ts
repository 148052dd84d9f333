import { readdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { textsOf, unaccentedWords } from './texts.ts';

/**
 * The help centre and the key facts as a customer reads them, with the content the seed
 * imported from content/, in the three interface languages.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const travel = (path: string) => `http://travel.localhost:${port}${path}`;
const texts = { en: textsOf('en'), es: textsOf('es'), fr: textsOf('fr') } as const;
type Language = keyof typeof texts;

const contentFolder = new URL('../../../content/skyward-travel/', import.meta.url);
const frontMatter = (file: URL, key: string) =>
  new RegExp(`^${key}: (.*)$`, 'm').exec(readFileSync(file, 'utf8'))![1]!.replace(/^'|'$/g, '');
/** The travel questions as the content files word them, in a language. */
const questions = (language: string) => {
  const folder = new URL(`faq/travel/v1/${language}/`, contentFolder);
  return readdirSync(folder)
    .sort()
    .map((name) => frontMatter(new URL(name, folder), 'question'));
};
const title = (document: string, language: string) =>
  frontMatter(new URL(`documents/${document}/${language}.md`, contentFolder), 'title');

async function chooseLanguage(page: Page, from: Language, to: Language) {
  await page.getByLabel(texts[from].language.label).selectOption(to);
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${to}`));
}

/** No English question is left on a page that should read in another language. */
async function expectNoEnglishQuestions(page: Page) {
  const body = await page.locator('main').innerText();
  for (const question of questions('en')) expect(body).not.toContain(question);
}

test('the help centre and key facts change language EN → FR → ES, every string with them', async ({
  page,
}) => {
  await page.goto(travel('/help'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.en.content.title);
  await expect(page.getByRole('button', { name: questions('en')[0] })).toBeVisible();

  for (const [from, to] of [
    ['en', 'fr'],
    ['fr', 'es'],
  ] as const) {
    await chooseLanguage(page, from, to);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[to].content.title);
    await expect(page.getByRole('button', { name: questions(to)[0] })).toBeVisible();
    await expectNoEnglishQuestions(page);
    await expect(
      page.getByRole('link', { name: texts[to].content.pages['key-facts'] }).first(),
    ).toBeVisible();
  }

  await page
    .getByRole('main')
    .getByRole('link', { name: texts.es.content.pages['key-facts'] })
    .click();
  await expect(page).toHaveURL(/\/key-facts$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title('key-facts', 'es'));
  await chooseLanguage(page, 'es', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title('key-facts', 'fr'));
  await expect(page.getByRole('table')).toBeVisible();
  await chooseLanguage(page, 'fr', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title('key-facts', 'en'));
});

test('search the questions and open an answer', async ({ page }) => {
  await page.goto(travel('/help'));
  const search = page.getByRole('searchbox', { name: texts.en.content.faq.search });
  await search.fill('PIR');
  const pir = questions('en').find((q) => q.includes('PIR'))!;
  await page.getByRole('button', { name: pir }).click();
  await expect(page.getByText('Property Irregularity Report').first()).toBeVisible();
  await search.fill('zeppelin');
  await expect(page.getByText(/zeppelin/)).toBeVisible();
  await page.getByRole('button', { name: texts.en.content.faq.clear }).click();
  await expect(page.getByRole('button', { name: questions('en')[0] })).toBeVisible();
});

for (const [path, name] of [
  ['/help', 'help'],
  ['/key-facts', 'key-facts'],
  ['/help/terms', 'terms'],
] as const) {
  test(`${path} reads at 360 px wide in EN, ES and FR and passes axe`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(travel(path));
    for (const [from, to] of [
      ['en', 'en'],
      ['en', 'es'],
      ['es', 'fr'],
    ] as const) {
      if (from !== to) await chooseLanguage(page, from, to);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status', { name: texts[to].content.loading })).toHaveCount(0);
      // Nothing wider than the screen: no sideways scrolling of the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      await page.screenshot({
        path: `test-results/screens/${name}-${to}-360.png`,
        fullPage: true,
      });
    }
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await context.close();
  });
}

test('the pseudo language leaves no unaccented text on any page a visitor can open', async ({
  page,
}) => {
  // Ten pages, each loaded afresh: under the other worker's load this takes over a minute.
  test.slow();
  const pages = ['/', '/help', '/help/terms', '/help/privacy', '/help/contact', '/key-facts'];
  const signIn = ['/register', '/login/code', '/forgot-password', '/no-such-page'];
  await page.goto(travel('/?lang=pseudo'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  for (const path of [...pages, ...signIn]) {
    await page.goto(travel(path));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    // The partner's name is data, and so is the country code the mobile input starts on.
    expect(await unaccentedWords(page, ['Skyward Air', 'CA +1']), path).toEqual([]);
  }
  await page.screenshot({ path: 'test-results/screens/pseudo-not-found.png', fullPage: true });
  await page.goto(travel('/help'));
  await page.screenshot({ path: 'test-results/screens/pseudo-help.png', fullPage: true });
});

test('a language beyond the three of the interface: German texts and German help content, its figures from the rules in German formats', async ({
  page,
}) => {
  const german = textsOf('de');
  await page.goto(travel('/help?lang=de'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(german.content.title);
  await expect(page.getByRole('button', { name: questions('de')[0] })).toBeVisible();
  await expect(page.getByText(german.content.shown_in_english)).toHaveCount(0);
  await expect(page.locator('section[lang="en"]')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/help-de.png', fullPage: true });
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // The key facts quote Skyward's rules (CAD 150.00 a passenger from 3 hours, CAD 1,000.00 a
  // policy), written as German writes them.
  await page.goto(travel('/key-facts?lang=de'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title('key-facts', 'de'));
  await expect(page.getByRole('table')).toContainText(/Verspätung ab 3 Stunden/);
  await expect(page.getByRole('table')).toContainText(/150\sCA\$ in Geld/);
  await expect(page.getByRole('main')).toContainText(/1\.000\sCA\$ je Police/);
});
