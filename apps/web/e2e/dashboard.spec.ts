import { expect, test, type Page } from '@playwright/test';
import { API_ROOT, accountsContracts, accountsRoutes, pathFor } from '@tern/domain';
import { DEMO_PASSWORD, demoEmail, demoPartners } from '../../api/src/seed/demo-world.ts';
import { SESSION_STORAGE_FULL_KEY, type Session } from '../src/core/session/session-key.ts';
import { apiKeys, apiUrl, greeting, urlOf } from './journey.ts';

/**
 * The signed-in dashboard's first load, as the bench measures it (a session in the tab's
 * storage before the page's first script): what it downloads and asks for.
 */

/** Text only libphonenumber's metadata holds, zod's errors, react-hook-form's form state. */
const MARKERS = {
  phone: 'country_calling_codes',
  zod: 'ZodError',
  forms: '_formValues',
} as const;

/** Signs the partner's demo customer in through the API: the session a tab would keep. */
async function demoSession(page: Page, partnerId: string): Promise<Session> {
  const response = await page.request.post(apiUrl(accountsContracts.login), {
    headers: { 'api-key': apiKeys[partnerId]! },
    data: { emailAddress: demoEmail(partnerId), password: DEMO_PASSWORD, partnerId },
  });
  expect(response.ok()).toBe(true);
  const { userId, token, expiresAt } = (await response.json()) as Required<Session>;
  return { token, userId, expiresAt, startedAt: Date.now() };
}

/** Opens `/dashboard` with the session already in the tab, as after a reload. */
async function openSignedIn(page: Page, partnerId: string) {
  const session = await demoSession(page, partnerId);
  await page.addInitScript(
    ([key, value]) => window.sessionStorage.setItem(key!, value!),
    [SESSION_STORAGE_FULL_KEY, JSON.stringify(session)],
  );
  const scripts: Promise<{ url: string; body: string }>[] = [];
  const calls: string[] = [];
  /** Every request in the order the page sent them: scripts by file, API calls by path. */
  const sent: string[] = [];
  page.on('request', (request) => sent.push(new URL(request.url()).pathname));
  let lastResponse = Date.now();
  page.on('response', (response) => {
    lastResponse = Date.now();
    const type = response.request().resourceType();
    const url = new URL(response.url());
    if (type === 'script')
      scripts.push(response.text().then((body) => ({ url: url.pathname, body })));
    if (type === 'fetch' && url.pathname.startsWith(API_ROOT))
      calls.push(`${response.request().method()} ${url.pathname}${url.search}`);
  });
  await page.goto(urlOf(partnerId, '/dashboard'));
  await expect(greeting(page, 'Uma')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Not 'networkidle': the live event stream stays open. Quiet for a second: all arrived.
  await expect.poll(() => Date.now() - lastResponse, { timeout: 30_000 }).toBeGreaterThan(1000);
  return { scripts: () => Promise.all(scripts), calls, sent, userId: session.userId! };
}

for (const partner of demoPartners) {
  test(`${partner.id}: the dashboard downloads no zod, form library or phone metadata, and asks for each answer once`, async ({
    page,
  }) => {
    const { scripts, calls, sent, userId } = await openSignedIn(page, partner.id);
    const loaded = await scripts();
    expect(loaded.length).toBeGreaterThan(5);
    const holding = (marker: string) =>
      loaded.filter((script) => script.body.includes(marker)).map((script) => script.url);
    expect({
      phone: holding(MARKERS.phone),
      zod: holding(MARKERS.zod),
      forms: holding(MARKERS.forms),
    }).toEqual({ phone: [], zod: [], forms: [] });
    // Started early (main.tsx): the user's details are asked for before the code of the
    // session's data loading is, and handed to its queries: nothing is fetched twice.
    const details = sent.indexOf(`${API_ROOT}${pathFor(accountsRoutes.details, { id: userId })}`);
    const runtime = sent.findIndex((path) => path.includes('/session-runtime-'));
    expect(details).toBeGreaterThanOrEqual(0);
    expect(runtime).toBeGreaterThan(details);
    const twice = calls.filter((call, index) => calls.indexOf(call) !== index);
    expect(twice).toEqual([]);
  });
}

test('cards arriving one by one do not move the page: layout shift under 0.1 on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The last stage's data comes well after the first's, as on a slow network.
  await page.route(/\/api\/v1\/travel\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await openSignedIn(page, 'travel');
  const shifts = await page.evaluate(
    () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
  );
  // Lighthouse's CLS is the worst window of shifts; their sum is never less.
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.1);
});
