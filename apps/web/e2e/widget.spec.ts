import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  chromium,
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type FrameLocator,
  type Page,
} from '@playwright/test';
import { partnersContracts, type WidgetPanel } from '@tern/domain';
import { mintWidgetToken, verifyWebhook } from '@tern/partner-client';
import { DEMO_SHOP_HOST, DEMO_STRANGER_HOST, demoPartners } from '../../api/src/seed/demo-world.ts';
import { choosePassengers, confirmAndBlink, findFlight, startBlink } from './blink-steps.ts';
import {
  accessibilityViolations,
  apiUrl,
  expectNoSidewaysScroll,
  fill,
  freshPolicy,
  inDays,
  partnerServer,
  port,
  registerByApi,
  someDay,
  texts,
  uniqueEmail,
  type Person,
  type Texts,
} from './journey.ts';

/**
 * The embeddable widget (issue 30) as a partner's customer meets it on the partner's own
 * site (the demo shop, another origin than the portal): every panel opens with a fresh token;
 * a trip blinked in the insurance panel reaches the shop as an event and the partner's
 * webhook receiver as a signed request; a panel the token did not open shows the
 * insufficient-privilege notice; a reused token shows the 401 panel; a session that times out
 * (on a fake clock) asks the shop for a fresh token and goes on without a reload; a stranger's
 * page framing a panel or the portal is refused by the browser; and, with third-party cookies
 * blocked, the panels still work.
 */

test.describe.configure({ mode: 'default' });

const SHOTS = 'test-results/widget-journey';
const partner = demoPartners.find((p) => p.id === 'travel')!;
const shop = `http://${DEMO_SHOP_HOST}:${port}`;
const stranger = `http://${DEMO_STRANGER_HOST}:${port}`;

/** The shop's panels by their element's key (`#panel-{key}`), and what each shows first. */
const PANEL_HEADINGS = (t: Texts, firstName: string) => ({
  dashboard: fill(t.dashboard.greeting, { name: firstName }),
  account: t.accounts.my_details.title,
  insurance: t.travel.insurances.title,
  luggage: t.luggage.title,
  passengers: t.travel.passengers.title,
  payoutmethods: t.payouts.methods.title,
});

const panelFrame = (page: Page, key: string): FrameLocator =>
  page.frameLocator(`#panel-${key} iframe`);

/** The events the shop has listed, as "key type". */
const shopEvents = (page: Page) =>
  page
    .locator('#events li')
    .evaluateAll((items) =>
      items.map(
        (item) => `${(item as HTMLElement).dataset.panel} ${(item as HTMLElement).dataset.event}`,
      ),
    );

/**
 * The shop's back end, played by the journey: its token calls mint a widget token for this
 * journey's customer with the partner's server secret (the shop's own mints for its demo
 * customers), for the panels the page asks (`?panels=`).
 */
async function mintForShop(page: Page, person: Person, locale?: string) {
  let minted = 0;
  await page.route(`${shop}/${partner.id}/token*`, async (route) => {
    const panels = new URL(route.request().url()).searchParams.get('panels');
    const token = await mintWidgetToken({
      partnerId: partner.id,
      secret: partner.serverSecret,
      kid: `${partner.id}-demo`,
      origin: shop,
      customer: `shop-${person.email}`,
      email: person.email,
      first: person.firstName,
      last: person.surname,
      ...(locale ? { locale } : {}),
      ...(panels ? { panels: panels.split(',') as WidgetPanel[] } : {}),
    });
    minted += 1;
    await route.fulfill({ json: { token }, headers: { 'cache-control': 'no-store' } });
  });
  return () => minted;
}

/** The shop's page with only these panels (by key), their tokens for `panels` when named. */
const journeyHost = (page: Page, only: string[], panels?: WidgetPanel[], lang?: string) =>
  page.goto(
    `${shop}/${partner.id}?only=${only.join(',')}${panels ? `&panels=${panels.join(',')}` : ''}${lang ? `&lang=${lang}` : ''}`,
  );

async function customer(request: APIRequestContext, label: string): Promise<Person> {
  const person = { firstName: 'Wendy', surname: 'Widget', email: uniqueEmail(`widget-${label}`) };
  await registerByApi(request, partner.id, await freshPolicy(request, partner.id), person);
  return person;
}

/** A receiver of the partner's webhooks on this machine, registered for trips covered. */
async function webhookReceiver(request: APIRequestContext) {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tern`;
  const created = await request.post(
    apiUrl(partnersContracts.addWebhook, { partnerId: partner.id }),
    {
      headers: partnerServer(partner.id),
      data: { url, events: ['trip.covered'], description: 'Widget journey' },
    },
  );
  expect(created.status(), await created.text()).toBe(201);
  const { id, secret } = (await created.json()) as { id: string; secret: string };
  return {
    received,
    secret,
    async close() {
      await request.delete(
        apiUrl(partnersContracts.removeWebhook, { partnerId: partner.id, endpointId: id }),
        { headers: partnerServer(partner.id) },
      );
      server.close();
    },
  };
}

test('on the partner’s shop at 360 px: every panel opens, a trip blinked in a panel reaches the shop and a signed webhook', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const t = texts.en;
  const person = await customer(request, 'shop');
  const receiver = await webhookReceiver(request);
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  const minted = await mintForShop(page, person);
  await page.goto(`${shop}/${partner.id}`);

  const headings = PANEL_HEADINGS(t, person.firstName);
  for (const [key, heading] of Object.entries(headings))
    await expect(
      panelFrame(page, key).getByRole('heading', { level: 1, name: heading }),
      `the ${key} panel`,
    ).toBeVisible();
  // The compact insurance view: the trips card, no page heading of its own.
  await expect(panelFrame(page, 'insurance-basic').getByTestId('widget')).toBeVisible();
  expect(minted()).toBeGreaterThanOrEqual(7);
  await expect
    .poll(async () => (await shopEvents(page)).filter((e) => e.endsWith(' tern:ready')).length)
    .toBeGreaterThanOrEqual(7);
  // Each frame is as tall as its panel: the shop never shows a frame's scroll bar.
  // Each frame is as tall as its panel: the shop never shows a frame's scroll bar. (Chromium
  // lays out a cross-origin frame off screen only once it is scrolled to: one at a time.)
  for (const frame of await page.locator('.tern-panel iframe').all()) {
    await frame.scrollIntoViewIfNeeded();
    await expect(frame).not.toHaveCSS('height', '240px');
  }
  // No token is left in a panel's address.
  for (const frame of page.frames().filter((f) => f !== page.mainFrame()))
    expect(new URL(frame.url()).searchParams.has('token')).toBe(false);
  await expectNoSidewaysScroll(page, 'the shop with its panels');
  await page.screenshot({ path: `${SHOTS}/shop-360.png`, fullPage: true });

  // Blink it inside the insurance panel.
  const insurance = panelFrame(page, 'insurance');
  await startBlink(insurance, 'single');
  await findFlight(insurance, 'ac856', inDays(someDay()));
  await choosePassengers(insurance, []);
  await confirmAndBlink(insurance);
  await expect(page.locator('#events li[data-event="tern:trip-covered"]')).toHaveCount(1);
  await expect(page.locator('#events li[data-event="tern:trip-covered"]')).toContainText('tripId');
  await page.screenshot({ path: `${SHOTS}/blinked-360.png`, fullPage: true });

  // The partner's receiver got the trip, signed with its endpoint's secret.
  await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
  const [delivery] = receiver.received;
  const event = verifyWebhook<{ type: string; data: Record<string, unknown> }>(
    receiver.secret,
    delivery!.headers,
    delivery!.body,
  );
  expect(event.type).toBe('trip.covered');
  expect(delivery!.body).not.toContain(person.email);
  await receiver.close();
  await context.close();
});

test('a panel the token did not open shows the insufficient-privilege notice; a reused token the 401 panel (EN, ES, FR)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  for (const language of ['en', 'es', 'fr'] as const) {
    const t = texts[language];
    // A customer the shop's token brings to the portal the first time, in their language.
    const person = {
      firstName: 'Pia',
      surname: 'Widget',
      email: uniqueEmail(`widget-${language}`),
    };
    const context = await browser.newContext({
      viewport: { width: 360, height: 800 },
      locale: language,
    });
    const page = await context.newPage();
    await mintForShop(
      page,
      person,
      language === 'en' ? 'en-CA' : language === 'es' ? 'es-ES' : 'fr-CA',
    );
    await journeyHost(page, ['insurance', 'luggage'], ['insurance'], language);
    await expect(panelFrame(page, 'insurance').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      panelFrame(page, 'luggage').getByRole('heading', {
        level: 1,
        name: t.widget.insufficient.title,
      }),
    ).toBeVisible();

    // The insurance panel's token, read from its frame's address on the page, used again.
    const used = await page.locator('#panel-insurance iframe').getAttribute('src');
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.id = 'reused';
      frame.title = 'reused';
      frame.src = src!;
      document.body.append(frame);
    }, used);
    const reused = page.frameLocator('#reused');
    await expect(
      reused.getByRole('heading', { level: 1, name: t.widget.unauthorised.title }),
    ).toBeVisible();
    await expect(
      reused.getByRole('button', { name: t.widget.unauthorised.sign_in_again }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page, `the notices in ${language}`);
    await page.screenshot({ path: `${SHOTS}/privilege-${language}.png`, fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  }
});

test('a session that times out asks the shop for a fresh token and goes on without a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const t = texts.en;
  const person = await customer(request, 'timeout');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.clock.install();
  const minted = await mintForShop(page, person);
  await journeyHost(page, ['insurance']);
  const insurance = panelFrame(page, 'insurance');
  await expect(
    insurance.getByRole('heading', { level: 1, name: t.travel.insurances.title }),
  ).toBeVisible();
  const before = minted();
  const panel = page.frames().find((f) => f.url().includes('/widgets/insurance'))!;
  await panel.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));

  await page.clock.fastForward(61 * 60_000);
  await expect
    .poll(() => shopEvents(page))
    .toEqual(
      expect.arrayContaining(['insurance tern:session-expired', 'insurance tern:token-needed']),
    );
  await expect(
    insurance.getByRole('heading', { level: 1, name: t.travel.insurances.title }),
  ).toBeVisible();
  expect(minted()).toBeGreaterThan(before);
  // The same document: the panel took the token without reloading.
  expect(await panel.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  await context.close();
});

test('a stranger’s page framing a panel, a shop token’s panel or the portal is refused by the browser', async ({
  page,
}) => {
  await page.goto(`${stranger}/${partner.id}`);
  const frames = page.locator('iframe');
  await expect(frames).toHaveCount(3);
  // Refused frames never show the portal: Chromium puts its error page in their place.
  await expect
    .poll(() =>
      page
        .frames()
        .filter((f) => f !== page.mainFrame())
        .map((f) => f.url()),
    )
    .toEqual(Array(3).fill('chrome-error://chromewebdata/'));
  await page.screenshot({ path: `${SHOTS}/stranger.png`, fullPage: true });
});

test('with third-party cookies blocked, the panels open and work', async ({ request }) => {
  test.setTimeout(180_000);
  const t = texts.en;
  const person = await customer(request, 'blocked');
  // A browser of its own: third-party cookies blocked as Chrome does for everyone.
  const blocked: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--test-third-party-cookie-phaseout', '--disable-background-networking'],
  });
  const page = await blocked.newPage({ viewport: { width: 360, height: 800 } });
  await mintForShop(page, person);
  await journeyHost(page, ['insurance', 'passengers', 'account']);
  for (const [key, heading] of Object.entries(PANEL_HEADINGS(t, person.firstName)).filter(([key]) =>
    ['insurance', 'passengers', 'account'].includes(key),
  ))
    await expect(
      panelFrame(page, key).getByRole('heading', { level: 1, name: heading }),
    ).toBeVisible();
  // The panel's frame may not keep a cookie: it holds its session in memory.
  const panel = page.frames().find((f) => f.url().includes('/widgets/passengers'))!;
  expect(
    await panel.evaluate(() => {
      document.cookie = 'probe=1; SameSite=None; Secure';
      return document.cookie.includes('probe=1');
    }),
  ).toBe(false);
  const passengers = panelFrame(page, 'passengers');
  await passengers.getByRole('button', { name: t.travel.passengers.add }).click();
  const add = passengers.getByRole('dialog', { name: t.travel.passengers.add_title });
  await add.getByRole('textbox', { name: t.travel.passengers.name }).fill('Noor');
  await add.getByRole('textbox', { name: t.travel.passengers.surname }).fill('Nash');
  await add.getByRole('textbox', { name: t.travel.passengers.mobile }).fill('4165550177');
  await add.getByRole('button', { name: t.travel.passengers.add }).click();
  await expect(passengers.getByText(t.travel.notifications.passenger_added)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/cookies-blocked-360.png`, fullPage: true });
  await blocked.close();
});
