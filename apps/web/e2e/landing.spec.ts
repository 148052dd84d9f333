import { expect, test, type Page } from '@playwright/test';
import { API_ROOT, partnersContracts } from '@tern/domain';
import { port, urlOf } from './journey.ts';
import { textsOf } from './texts.ts';

/**
 * The landing page as a visitor meets it: on each demo partner's own address, in each
 * language, served by the real API from the real build. Screenshots are kept under
 * test-results/screens/ for a person to look at.
 */
const texts = { en: textsOf('en'), es: textsOf('es'), fr: textsOf('fr') } as const;

const partners = [
  { id: 'travel', name: 'Skyward Air', mode: 'default', navbar: 'rgb(11, 79, 138)' },
  { id: 'business', name: 'Harbour Mutual', mode: 'parametric', navbar: 'rgb(18, 63, 45)' },
  { id: 'identity', name: 'Northbank', mode: 'monitoring', navbar: 'rgb(61, 28, 92)' },
] as const;

async function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

for (const partner of partners) {
  test.describe(`${partner.name} on ${partner.id}.localhost`, () => {
    test('shows the partner theme: name, logo, navbar colour and favicon', async ({ page }) => {
      const errors = await collectErrors(page);
      await page.goto(urlOf(partner.id));
      const landing = page.getByTestId('landing');
      await expect(landing).toBeVisible();
      await expect(page.locator(`[data-theme="${partner.id}"]`)).toBeVisible();
      await expect(landing).toHaveAttribute('data-mode', partner.mode);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        texts.en.landing.hero[partner.mode].title,
      );
      await expect(
        page.getByText(texts.en.landing.welcome.replace('{{name}}', partner.name)),
      ).toBeVisible();
      await expect(page.locator('header').first()).toHaveCSS('background-color', partner.navbar);
      await expect(page.locator('link[rel~="icon"]')).toHaveAttribute(
        'href',
        new RegExp(`/assets/themes/${partner.id}/favicon.svg`),
      );
      const logo = page.locator(`img[src="/assets/themes/${partner.id}/logo.svg"]`).first();
      await expect(logo).toBeVisible();
      expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    });

    // One visit reads all three languages in turn (the landing page's axe check is the shell
    // journey's, at both widths).
    test('reads in EN, ES and FR after choosing each in the language switcher', async ({
      page,
    }) => {
      await page.goto(urlOf(partner.id));
      await expect(page.getByTestId('landing')).toBeVisible();
      // The switcher is labelled in the language shown.
      let shown: keyof typeof texts = 'en';
      for (const language of ['es', 'fr', 'en'] as const) {
        await page.getByLabel(texts[shown].language.label).selectOption(language);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          texts[language].landing.hero[partner.mode].title,
        );
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}`));
        await page.screenshot({
          path: `test-results/screens/${partner.id}-${language}.png`,
          fullPage: true,
        });
        // The choice is remembered on the next visit.
        await page.reload();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          texts[language].landing.hero[partner.mode].title,
        );
        shown = language;
      }
    });
  });
}

test('the landing page arrives rendered by the server, paints without scripts, then comes alive without being rendered again', async ({
  page,
  browser,
}) => {
  const title = texts.fr.landing.hero.default.title;
  // Without any script, the page is there: heading, products, in the language the link asks.
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const still = await bare.newPage();
  await still.goto(urlOf('travel', '/?lang=fr'));
  await expect(still.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(still.locator('html')).toHaveAttribute('lang', /^fr/);
  await expect(still.locator('#root')).toHaveAttribute('data-rendered-language', 'fr');
  await expect(still.getByRole('heading', { level: 3 })).toHaveCount(3);
  await bare.close();

  // With scripts: the app takes over the server's heading (hydration keeps the element; a
  // render afresh would replace it), with no error, and works: the sign-in card appears and
  // the language switcher changes the page.
  const errors = await collectErrors(page);
  await page.addInitScript(() => {
    const seen = globalThis as unknown as { replacedHeadings: number };
    seen.replacedHeadings = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node.nodeName === 'H1' || (node as Element).querySelector?.('h1'))
            seen.replacedHeadings += 1;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(urlOf('travel', '/?lang=fr'));
  const signIn = page.getByRole('region', { name: texts.fr.accounts.sign_in.title });
  await expect(
    signIn.getByRole('textbox', { name: texts.fr.accounts.sign_in.email }),
  ).toBeVisible();
  expect(
    await page.evaluate(
      () => (globalThis as unknown as { replacedHeadings: number }).replacedHeadings,
    ),
  ).toBe(0);
  await signIn.getByRole('textbox', { name: texts.fr.accounts.sign_in.email }).fill('a@b.example');
  await page.getByLabel(texts.fr.language.label).selectOption('en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    texts.en.landing.hero.default.title,
  );
  expect(errors).toEqual([]);
});

test('plain localhost serves the default partner', async ({ page }) => {
  await page.goto(`http://localhost:${port}/`);
  await expect(page.locator('[data-theme="travel"]')).toBeVisible();
});

test('an unknown partner domain still gets a themed page, never a blank one', async ({ page }) => {
  // 127.0.0.1 is not a domain any partner claims: the default partner answers.
  await page.goto(`http://127.0.0.1:${port}/`);
  await expect(page.getByTestId('landing')).toBeVisible();
  await expect(page.locator('[data-theme="travel"]')).toBeVisible();
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto(urlOf('business', '/no/such/page'));
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.getByRole('link', { name: texts.en.not_found.home }).first().click();
  await expect(page.getByTestId('landing')).toBeVisible();
});

test('pages that need a session send a signed-out visitor to /', async ({ page }) => {
  // Each page on a partner that offers its area (another partner's is not found).
  for (const [partner, path] of [
    ['travel', '/dashboard'],
    ['travel', '/resolution/select'],
    ['identity', '/monitored-data/action-plan'],
  ] as const) {
    await page.goto(urlOf(partner, path));
    await expect(page.getByTestId('landing')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
  }
});

test('the theme comes with the page: no theme config is asked for, on a visit or the next', async ({
  page,
}) => {
  const themeCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/config.json')) themeCalls.push(request.url());
  });
  await page.goto(urlOf('identity'));
  await expect(page.getByTestId('landing')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('landing')).toBeVisible();
  await expect(page.locator('header').first()).toHaveCSS('background-color', 'rgb(61, 28, 92)');
  expect(themeCalls).toEqual([]);
});

/** What a script the page fetched holds, and how it came. */
type Fetched = { url: string; encoding: string | undefined; vary: string; body: string };
/** Text only libphonenumber's metadata holds, and zod's errors (zod itself, its resolver). */
const PHONE_METADATA = 'country_calling_codes';
const ZOD = 'ZodError';

function scriptsOf(page: Page) {
  const pending: Promise<Fetched>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const headers = response.headers();
    pending.push(
      response.body().then((body) => ({
        url: new URL(response.url()).pathname,
        encoding: headers['content-encoding'],
        vary: headers.vary ?? '',
        body: body.toString('utf8'),
      })),
    );
  });
  return { all: () => Promise.all(pending), count: () => pending.length };
}

test('the first page comes compressed, without the phone-number metadata or zod, which arrive with the register form', async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  await page.goto(urlOf('travel'));
  const signIn = page.getByRole('region', { name: texts.en.accounts.sign_in.title });
  await expect(
    signIn.getByRole('textbox', { name: texts.en.accounts.sign_in.email }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  const first = await scripts.all();
  expect(first.length).toBeGreaterThan(5);
  for (const script of first) {
    expect(script.encoding, script.url).toBe('br');
    expect(script.vary.toLowerCase(), script.url).toContain('accept-encoding');
  }
  expect(first.filter((s) => s.body.includes(PHONE_METADATA)).map((s) => s.url)).toEqual([]);
  expect(first.filter((s) => s.body.includes(ZOD)).map((s) => s.url)).toEqual([]);

  // The register form asks for a mobile number: its rules come with it.
  const seen = scripts.count();
  await signIn.getByRole('link', { name: texts.en.accounts.sign_in.create_account }).click();
  await expect(
    page.getByRole('textbox', { name: texts.en.accounts.register.mobile, exact: false }),
  ).toBeVisible();
  const later = (await scripts.all()).slice(seen);
  expect(later.some((s) => s.body.includes(PHONE_METADATA))).toBe(true);
  expect(later.some((s) => s.body.includes(ZOD))).toBe(true);
});

test('the API documentation page lists the API routes', async ({ page }) => {
  await page.goto(`http://localhost:${port}/api/docs`);
  // Swagger UI draws every operation of the document at once (well over a hundred): under
  // the other worker's load that has taken more than the usual 10 s.
  await expect(page.locator('.opblock-summary-path').first()).toBeVisible({ timeout: 45_000 });
  // Each path once: several methods of one path (a webhook's GET and POST) are several rows.
  for (const path of new Set(Object.values(partnersContracts).map((c) => c.path)))
    await expect(page.getByText(`${API_ROOT}${path}`, { exact: true }).first()).toBeVisible();
});
