import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail, demoPartners } from '../../api/src/seed/demo-world.ts';
import { accessibilityViolations, expectNoSidewaysScroll, urlOf } from './journey.ts';
import { textsOf } from './texts.ts';

/**
 * The portal's shell as a person meets it on each demo partner: the landing page and, signed
 * in, the dashboard with its navigation, at a desktop and a phone width; every page's title;
 * and no page wider than a phone's screen in EN, ES or FR. Screenshots are kept under
 * test-results/screens/ for a person to look at.
 */
const languages = ['en', 'es', 'fr'] as const;
type Language = (typeof languages)[number];
const texts = Object.fromEntries(languages.map((l) => [l, textsOf(l)])) as Record<
  Language,
  ReturnType<typeof textsOf>
>;
const en = texts.en;

const partners = demoPartners;

// These journeys only read (each in its own browser context, the language kept there): they
// may run on both workers at once, so the longest file no longer ends the run on one.
test.describe.configure({ mode: 'parallel' });

const withLanguage = (path: string, language: Language) =>
  `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;

async function signIn(page: Page, partnerId: string, l: ReturnType<typeof textsOf> = en) {
  const card = page.getByRole('region', { name: l.accounts.sign_in.title });
  await card.getByRole('textbox', { name: l.accounts.sign_in.email }).fill(demoEmail(partnerId));
  await card.getByLabel(l.accounts.sign_in.password, { exact: false }).fill(DEMO_PASSWORD);
  await card.getByRole('button', { name: l.accounts.sign_in.submit }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: l.dashboard.greeting.replace('{{name}}', 'Uma') }),
  ).toBeVisible();
}

/** Waits until no card or page is still loading. */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

for (const partner of partners) {
  for (const width of [1280, 375]) {
    test(`${partner.name}: the landing page and the dashboard at ${width} px`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(urlOf(partner.id));
      await expect(page.getByTestId('landing')).toBeVisible();
      await expect(page).toHaveTitle(partner.name);
      const header = page.getByRole('banner');
      // The logo at its natural proportions: its box keeps the image's ratio (or the image
      // is fitted whole inside it), so nothing squeezes the wordmark.
      const logo = header.getByRole('img', { name: `${partner.name} home page` });
      const shown = await logo.evaluate((img: HTMLImageElement) => ({
        ratio: img.width / img.height,
        natural: img.naturalWidth / img.naturalHeight,
        fit: getComputedStyle(img).objectFit,
      }));
      expect(shown.natural).toBeGreaterThan(1);
      if (shown.fit !== 'contain') expect(Math.abs(shown.ratio - shown.natural)).toBeLessThan(0.05);
      expect(shown.ratio).toBeGreaterThan(shown.natural - 0.05);
      // Signed out: the language choice, no navigation.
      await expect(header.getByRole('navigation')).toHaveCount(0);
      await expectNoSidewaysScroll(page, '/');
      await page.screenshot({
        path: `test-results/screens/shell-${partner.id}-landing-${width}.png`,
        fullPage: true,
      });
      expect(await accessibilityViolations(page)).toEqual([]);

      await signIn(page, partner.id);
      await settled(page);
      await expect(page).toHaveTitle(`${en.nav.dashboard} · ${partner.name}`);
      if (width >= 900) {
        const nav = header.getByRole('navigation', { name: en.nav.label });
        await expect(nav.getByRole('link', { name: en.nav.dashboard })).toHaveAttribute(
          'aria-current',
          'page',
        );
        await expect(nav.getByRole('link', { name: en.content.title })).toBeVisible();
        await expect(header.getByRole('button', { name: 'Uma User' })).toContainText('Uma User');
      } else {
        // A phone: the navigation is a drawer behind the menu button; the user menu an icon.
        await expect(header.getByRole('navigation')).toBeHidden();
        await header.getByRole('button', { name: en.nav.open }).click();
        const drawer = page.getByRole('navigation', { name: en.nav.label });
        await expect(drawer.getByRole('link', { name: en.content.title })).toBeVisible();
        // Once it has slid in.
        await page.waitForFunction(
          () => getComputedStyle(document.querySelector('.MuiDrawer-paper')!).transform === 'none',
        );
        await page.screenshot({
          path: `test-results/screens/shell-${partner.id}-drawer-${width}.png`,
        });
        await page.keyboard.press('Escape');
        await expect(drawer).toBeHidden();
      }
      await expectNoSidewaysScroll(page, '/dashboard');
      await page.screenshot({
        path: `test-results/screens/shell-${partner.id}-dashboard-${width}.png`,
        fullPage: true,
      });
      expect(await accessibilityViolations(page)).toEqual([]);

      // The landing page while signed in welcomes back; it does not offer to sign in.
      await page.getByRole('link', { name: `${partner.name} home page` }).click();
      await expect(
        page.getByRole('region', { name: en.accounts.sign_in.welcome_back }),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: en.accounts.sign_in.title })).toHaveCount(0);
      await context.close();
    });
  }
}

/** Every page a visitor can open, with its title as the page names it. */
const publicPages = [
  '/',
  '/register',
  '/login/code',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/help',
  '/help/terms',
  '/help/privacy',
  '/help/contact',
  '/key-facts',
  '/no-such-page',
];
const sessionPages = ['/dashboard', '/my-details', '/policies', '/resolution/select'];

for (const partner of partners) {
  // One test per language: the travel partner's every page, three times over, is long for one.
  for (const language of languages)
    test(`${partner.name}: no page scrolls sideways at 375 px in ${language.toUpperCase()}, and every page has its title`, async ({
      browser,
    }) => {
      test.slow();
      const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
      const page = await context.newPage();
      // The travel partner gets every page; the others their landing page and dashboard, where
      // their own texts (headlines, card contents) differ, and their own areas' pages.
      const pages =
        partner.id === 'travel'
          ? { open: publicPages, session: sessionPages }
          : partner.id === 'identity'
            ? { open: ['/'], session: ['/dashboard', '/monitored-data/action-plan'] }
            : { open: ['/'], session: ['/dashboard'] };
      for (const path of pages.open) {
        await page.goto(urlOf(partner.id, withLanguage(path, language)));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await settled(page);
        await expectNoSidewaysScroll(page, `${path} in ${language}`);
        const title = await page.title();
        expect(title, `${path} in ${language}`).toMatch(
          path === '/' ? new RegExp(`^${partner.name}$`) : new RegExp(` · ${partner.name}$`),
        );
      }
      await page.goto(urlOf(partner.id, withLanguage('/', language)));
      await signIn(page, partner.id, texts[language]);
      for (const path of pages.session) {
        await page.goto(urlOf(partner.id, path));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await settled(page);
        await expectNoSidewaysScroll(page, `${path} in ${language}`);
        expect(await page.title(), `${path} in ${language}`).toMatch(
          new RegExp(` · ${partner.name}$`),
        );
      }
      await page.screenshot({
        path: `test-results/screens/shell-${partner.id}-dashboard-375-${language}.png`,
        fullPage: true,
      });
      await context.close();
    });
}

test("Harbour Mutual's customer finds no travel: /insurances and /passengers are not found, nor in the navigation", async ({
  page,
}) => {
  await page.goto(urlOf('business'));
  await signIn(page, 'business');
  const nav = page.getByRole('banner').getByRole('navigation', { name: en.nav.label });
  await expect(nav.getByRole('link', { name: en.payouts.methods.title })).toBeVisible();
  await expect(nav.getByRole('link', { name: en.travel.insurances.title })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: en.travel.passengers.title })).toHaveCount(0);
  for (const path of ['/insurances', '/passengers']) {
    // Typed into the address bar, as the newcomer did.
    await page.goto(urlOf('business', path));
    await expect(page.getByRole('heading', { level: 1, name: en.not_found.title })).toBeVisible();
    await expect(page.getByRole('button', { name: en.travel.insurances.blink_it })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: en.travel.insurances.title })).toHaveCount(0);
  }
  expect(await accessibilityViolations(page)).toEqual([]);
});
