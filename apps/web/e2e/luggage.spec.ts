import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import exifr from 'exifr';
import { API_ROOT, accountsContracts, travelContracts } from '@tern/domain';
import { luggageContracts } from '@tern/domain/luggage/contracts';
import { airportByIata } from '@tern/domain/reference/airports';
import { scheduleOf } from '../../api/src/providers/flights/simulator/schedule.ts';
import {
  accessibilityViolations,
  apiKeys,
  apiUrl,
  expectNoSidewaysScroll,
  fill,
  fillCanadianBank,
  freshPolicy,
  greeting,
  password,
  registerByApi,
  serverNow,
  signInWithPassword,
  simOperator,
  texts,
  uniqueEmail,
  urlOf,
  type Texts,
  words,
} from './journey.ts';
import {
  arrowTo,
  expectFocusInside,
  expectFocusVisible,
  followNavLink,
  signInByKeyboard,
  tabTo,
} from './keyboard.ts';

/**
 * Lost luggage (issue 27) as a traveller meets it on a phone, in English and in French: a
 * bag reported for a delayed flight with a photo whose EXIF holds a GPS position, the report
 * on the LUGGAGE card and the Lost luggage page, the served photo stripped of its EXIF, the
 * staged cash taken a day later, then the bag declared lost with the Montreal Convention's
 * note. The journey moves the journey server's simulated clock by days: its project
 * (playwright.config.ts `luggage`) runs after every other journey, and each run computes its
 * times from the server's clock, so a retry after a move still holds. Alone, without the
 * other journeys first: `npx playwright test apps/web/e2e/luggage.spec.ts --no-deps`.
 */

// The two languages one after the other, in one worker: each moves the shared clock.
test.describe.configure({ mode: 'default' });

const FIXTURE = new URL('./fixtures/bag-with-gps.jpg', import.meta.url);
const SHOTS = 'test-results/luggage-journey';
/** Direct, every day, 13:25 from Ottawa to Hamilton in the simulator; no other journey books it. */
const FLIGHT = 'AC5';
const HOUR = 3_600_000;

/** A date as the place's calendar has it: YYYY-MM-DD. */
const dateIn = (instant: number, timeZone: string) =>
  new Date(instant).toLocaleDateString('en-CA', { timeZone });

/** A traveller of their own (a run, a language, an attempt), insured on tomorrow's flight. */
async function travellerOnTomorrowsFlight(request: APIRequestContext, language: string) {
  const person = {
    firstName: 'Lou',
    surname: 'Luggage',
    email: uniqueEmail(`luggage-${language}`),
  };
  await registerByApi(request, 'travel', await freshPolicy(request, 'travel'), person);
  const keyed = { 'api-key': apiKeys.travel! };
  const login = await request.post(apiUrl(accountsContracts.login), {
    headers: keyed,
    data: { emailAddress: person.email, password, partnerId: 'travel' },
  });
  const { userId, token } = (await login.json()) as { userId: string; token: string };
  const headers = { ...keyed, authorization: `Bearer ${token}` };
  const listed = await request.get(`${apiUrl(travelContracts.passengers)}?userId=${userId}`, {
    headers,
  });
  const passengers = ((await listed.json()) as { passengerId: string }[]).map((p) => p.passengerId);
  // Tomorrow on the server's clock, on the calendar of the flight's origin.
  const origin = scheduleOf(FLIGHT, dateIn(Date.now(), 'UTC'))[0]!.legs[0]!.origin;
  const date = dateIn((await serverNow()) + 24 * HOUR, airportByIata.get(origin)!.timeZone);
  const [leg] = scheduleOf(FLIGHT, date)[0]!.legs;
  const blinked = await request.post(apiUrl(travelContracts.blinkIt), {
    headers,
    data: {
      flights: [{ flightNumber: FLIGHT, origin: leg!.origin, embarkDate: date }],
      passengers,
    },
  });
  expect(blinked.status(), await blinked.text()).toBe(201);
  return { person, date, leg: leg! };
}

/** An API call of the portal, by its contract: its method, and its path with any ids. */
const callOf = (contract: { method: string; path: string }) => ({
  method: contract.method,
  pattern: new RegExp(`^${API_ROOT}${contract.path.replace(/\{\w+\}/g, '[^/]+')}$`),
});
const REPORT_CALLS = [
  luggageContracts.reportBag,
  luggageContracts.attach,
  luggageContracts.updateBag,
].map(callOf);

/** Cash to the customer's account: the first claim adds one (bank, address, Corpay). */
async function claimCash(page: Page, option: Locator, t: Texts, first: boolean) {
  const p = t.payouts;
  await option.getByRole('button', { name: t.resolutions.actions.claim }).click();
  if (first) {
    await page
      .getByRole('dialog', { name: p.setup.title })
      .getByRole('button', { name: p.providers['BANK-MANUAL'], exact: true })
      .click();
    const add = page.getByRole('dialog', { name: p.add.title });
    await add.getByRole('textbox', { name: p.fields.description }).fill('Chequing');
    await add.getByRole('combobox', { name: p.fields.legalType }).click();
    await page.getByRole('option', { name: p.choices.INDIVIDUAL }).click();
    await fillCanadianBank(add, '7654321', t);
    await add.getByRole('textbox', { name: p.fields.emailAddress }).fill('lou@example.com');
    await add.getByRole('button', { name: p.add.submit }).click();
    const address = page.getByRole('dialog', { name: p.address.title });
    await address.getByRole('textbox', { name: p.fields.addressLine1 }).fill('9 Airport Road');
    await address.getByRole('textbox', { name: p.fields.addressLine2 }).fill('Unit 4');
    await address.getByRole('textbox', { name: p.fields.townCity }).fill('Hamilton');
    await address.getByRole('textbox', { name: p.fields.province }).fill('ON');
    await address.getByRole('textbox', { name: p.fields.postCode }).fill('L0R 1W0');
    await address.getByRole('button', { name: p.address.submit }).click();
    const corpay = page.getByRole('dialog', { name: p.corpay.title });
    await fillCanadianBank(corpay, '7654321', t);
    await corpay.getByRole('button', { name: p.corpay.submit }).click();
  }
  const claim = page.getByRole('dialog', { name: words(t.resolutions.cash.claim_title) });
  await expect(claim).toContainText(/50[.,]00/);
  expect(await accessibilityViolations(page)).toEqual([]);
  await claim.getByRole('button', { name: t.resolutions.actions.confirm }).click();
  await expect(claim).toBeHidden();
}

for (const language of ['en', 'fr'] as const) {
  test(`at 360 px in ${language}: a bag reported with its photo for a delayed flight, its EXIF gone, a day's staged cash paid, then lost with the Montreal note`, async ({
    browser,
    request,
  }, testInfo) => {
    // Two sign-ins, a payout account set up, a dozen axe checks: 2–3 minutes alone, more under load.
    test.setTimeout(480_000);
    const t = texts[language];
    const lg = t.luggage;
    // The time the journey spends on its own checks, left out of the report's timing.
    let checking = 0;
    const timed = async (check: () => Promise<unknown>) => {
      const from = Date.now();
      await check();
      checking += Date.now() - from;
    };
    const shot = (name: string) =>
      timed(() => page.screenshot({ path: `${SHOTS}/${language}-${name}.png`, fullPage: true }));
    const axe = (where: string) =>
      timed(async () => {
        await expectNoSidewaysScroll(page, `${where} in ${language}`);
        expect(await accessibilityViolations(page), where).toEqual([]);
      });

    // A flight tomorrow, 3 hours late, then two days on: it has flown (late) and landed.
    const { person, date, leg } = await travellerOnTomorrowsFlight(request, language);
    await simOperator('flight', 'delay', FLIGHT, date, '--minutes', '180');
    await simOperator('clock', 'advance', '2d');

    // The phone is at the arrival airport, on its clock: the server's simulated one.
    const station = leg.destination;
    const timezoneId = airportByIata.get(station)!.timeZone;
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      timezoneId,
    });
    const page = await context.newPage();
    await page.clock.install({ time: await serverNow() });
    const open = (path: string) => page.goto(urlOf('travel', `${path}?lang=${language}`));
    const signIn = async () => {
      await open('/');
      await signInWithPassword(page, person.email, password, t);
      await expect(greeting(page, person.firstName, t)).toBeVisible();
    };
    await signIn();

    // 1. The report, on the Lost luggage page, timed from the wizard to the bag in the list.
    await open('/luggage');
    await expect(page.getByRole('heading', { level: 1, name: lg.title })).toBeVisible();
    await expect(page.getByText(lg.cards.luggage.empty)).toBeVisible();
    await axe('the empty Lost luggage page');
    await shot('1-luggage-empty');

    // Unique per run, language and attempt: the tracing system keys its files by PIR.
    const stamp = `${Date.now()}`;
    const pir = `${station}AC${stamp.slice(-5)}`;
    const tag = `${stamp.slice(-9)}${language === 'en' ? 1 : 2}`;
    const calls: string[] = [];
    page.on('request', (sent) => {
      const path = new URL(sent.url()).pathname;
      if (REPORT_CALLS.some((c) => c.method === sent.method() && c.pattern.test(path)))
        calls.push(`${sent.method()} ${path}`);
    });

    checking = 0;
    const started = Date.now();
    await page.getByRole('button', { name: lg.report }).click();
    const wizard = page.getByRole('dialog', { name: lg.wizard.title });
    const step = (n: number, name: string) =>
      expect(
        wizard.getByText(`${fill(lg.wizard.step, { step: String(n), total: '3' })} · ${name}`),
      ).toBeVisible();
    await step(1, lg.wizard.steps.flight);
    // The one flight that has left is chosen already.
    await expect(wizard.getByRole('combobox', { name: new RegExp(lg.wizard.flight) })).toHaveText(
      new RegExp(`^${FLIGHT} · .+ · ${leg.origin} → ${station}`),
    );
    await wizard.getByRole('textbox', { name: lg.wizard.pir }).fill(pir);
    await wizard.getByRole('textbox', { name: lg.wizard.tag }).fill(tag);
    await axe('the wizard, step 1');
    await shot('2-wizard-flight');
    await wizard.getByRole('button', { name: lg.wizard.next }).click();

    await step(2, lg.wizard.steps.bag);
    await wizard.getByText(lg.colours.BU, { exact: true }).click();
    await expect(wizard.getByRole('radio', { name: lg.colours.BU })).toBeChecked();
    await wizard.getByRole('combobox', { name: new RegExp(lg.wizard.type) }).click();
    await page.getByRole('option', { name: lg.types['22'] }).click();
    // Now at the station, on the server's clock: after the flight left, not in the future.
    await expect(wizard.getByLabel(new RegExp(lg.wizard.reported_on))).toHaveValue(
      new RegExp(`^${dateIn(await serverNow(), timezoneId)}T`),
    );
    await axe('the wizard, step 2');
    await shot('3-wizard-bag');
    await wizard.getByRole('button', { name: lg.wizard.next }).click();

    await step(3, lg.wizard.steps.photo);
    await wizard.locator('input[type="file"]').setInputFiles(FIXTURE.pathname);
    await expect(wizard.getByText('bag-with-gps.jpg')).toBeVisible();
    await wizard
      .getByRole('textbox', { name: lg.wizard.airtag })
      .fill(`https://found.apple.com/share/${tag}`);
    await axe('the wizard, step 3');
    await shot('4-wizard-photo');
    await wizard.getByRole('button', { name: lg.wizard.submit }).click();

    const bag = page.getByRole('listitem', { name: fill(lg.bag.heading, { pir }) });
    // The status chip by its heading (the tracing history below names the status too).
    const status = bag.locator('.MuiChip-label').first();
    await expect(status).toHaveText(lg.statuses.BAG_REPORTED_LOST);
    const seconds = (Date.now() - started - checking) / 1000;
    const withChecks = (Date.now() - started) / 1000;
    console.log(
      `luggage ${language}: reported in ${seconds.toFixed(1)} s from opening the wizard to the bag in the list (${withChecks.toFixed(1)} s with the journey's axe checks and screenshots)`,
    );
    testInfo.annotations.push({ type: 'report-seconds', description: seconds.toFixed(1) });
    expect(seconds).toBeLessThan(120);
    // The portal's three calls: the report, its photo, the report completed.
    expect(calls.map((call) => call.split(' ')[0])).toEqual(['POST', 'POST', 'PATCH']);
    REPORT_CALLS.forEach(({ pattern }, index) =>
      expect(calls[index]!.split(' ')[1]).toMatch(pattern),
    );
    await expect(wizard).toBeHidden();
    await expect(bag.getByText(tag)).toBeVisible();
    await expect(bag.getByRole('link', { name: lg.bag.airtag_link })).toHaveAttribute(
      'href',
      `https://found.apple.com/share/${tag}`,
    );
    await expect(bag.getByRole('img', { name: fill(lg.bag.photo_alt, { pir }) })).toBeVisible();
    await axe('the Lost luggage page with the report');
    await shot('5-luggage-reported');

    // 2. On the dashboard's LUGGAGE card.
    await open('/dashboard');
    const card = page.getByRole('region', { name: t.dashboard.cards.luggage.title });
    await expect(
      card.getByRole('link', { name: fill(lg.cards.luggage.report, { pir }) }),
    ).toBeVisible();
    await expect(card.getByText(lg.statuses.BAG_REPORTED_LOST, { exact: true })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await axe('the dashboard with the LUGGAGE card');
    await shot('6-dashboard-card');
    await card.getByRole('link', { name: fill(lg.cards.luggage.report, { pir }) }).click();
    await expect(page.getByRole('heading', { level: 1, name: lg.title })).toBeVisible();

    // 3. The photo as served: through the attachment's 302 to its signed link, no EXIF left.
    const [photo] = await Promise.all([
      page.waitForEvent('popup'),
      bag.getByRole('link', { name: lg.bag.open_photo }).click(),
    ]);
    await photo.waitForLoadState();
    expect(photo.url()).toContain('/documents/');
    // Its bytes read by the portal's page (this machine's resolver knows no *.localhost).
    const served = Buffer.from(
      await page.evaluate(async (url) => {
        const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
        return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
      }, photo.url()),
      'base64',
    );
    await photo.close();
    const original = await readFile(FIXTURE);
    expect(original.includes('Exif')).toBe(true);
    expect(await exifr.gps(original)).toBeDefined();
    expect(served.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(served.includes('Exif')).toBe(false);
    expect(served.includes('TernTestCam')).toBe(false);
    expect(await exifr.gps(served).catch(() => undefined)).toBeUndefined();

    // The withdraw question, asked and declined.
    await bag.getByRole('button', { name: lg.bag.withdraw }).click();
    const withdraw = page.getByRole('dialog', { name: fill(lg.bag.withdraw_title, { pir }) });
    await expect(withdraw).toBeVisible();
    await axe('the withdraw confirmation');
    await shot('7-withdraw-confirm');
    await withdraw.getByRole('button', { name: lg.bag.withdraw_no }).click();
    await expect(withdraw).toBeHidden();

    // 4. A day on: both cash stages (12 h, 24 h) open. The session has ended: sign in again.
    const before = await page.evaluate(() => Date.now());
    await simOperator('clock', 'advance', '25h');
    await page.clock.fastForward((await serverNow()) - before);
    await signIn();
    await open('/luggage');
    const resolution = bag.getByRole('article', {
      name: fill(t.resolutions.card.header_luggage, { pir }),
    });
    const cash = resolution
      .getByRole('list', { name: t.resolutions.card.options })
      .getByRole('listitem', { name: t.resolutions.types.CASH, exact: true });
    await expect(cash).toHaveCount(2);
    await axe('the bag resolution card with its cash');
    await shot('8-resolution-cash');
    const claimable = cash.filter({
      has: page.getByRole('button', { name: t.resolutions.actions.claim }),
    });
    const paid = cash.filter({ hasText: words(t.resolutions.cash.paid) });
    for (const [index, first] of [true, false].entries()) {
      await claimCash(page, claimable.first(), t, first);
      // Sent, then paid at the simulated bank, live on the card.
      await expect(paid).toHaveCount(index + 1, { timeout: 30_000 });
    }
    await axe('the bag resolution card, paid');
    await shot('9-resolution-paid');

    // 5. The airline declares it lost: the open page changes by itself.
    await simOperator('bag', 'lose', pir);
    await expect(status).toHaveText(lg.statuses.BAG_LOST);
    await expect(resolution.getByTestId('bag-recommendation')).toHaveText(
      words(t.resolutions.texts.bag.lost),
    );
    await axe('the lost bag with its recommendation');
    await shot('10-bag-lost');
    await context.close();
  });
}

// After the two above, in the same worker: it moves the shared clock too.
test('reports a bag with the keyboard only: the wizard holds the focus, a missing PIR takes it back, the colour by arrows, the photo through its button', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const t = texts.en;
  const lg = t.luggage;
  const { person, leg } = await travellerOnTomorrowsFlight(request, 'kbd');
  await simOperator('clock', 'advance', '2d');
  const station = leg.destination;
  const context = await browser.newContext({
    timezoneId: airportByIata.get(station)!.timeZone,
    locale: 'en-US',
  });
  const page = await context.newPage();
  await page.clock.install({ time: await serverNow() });
  await page.goto(urlOf('travel'));
  await signInByKeyboard(page, person, password, t);
  await followNavLink(page, lg.title, t);
  await expect(page.getByRole('heading', { level: 1, name: lg.title })).toBeVisible();

  const report = page.getByRole('button', { name: lg.report });
  await tabTo(page, report);
  await page.keyboard.press('Enter');
  const wizard = page.getByRole('dialog', { name: lg.wizard.title });
  await expectFocusInside(wizard);
  const step = (n: number, name: string) =>
    expect(
      wizard.getByText(`${fill(lg.wizard.step, { step: String(n), total: '3' })} · ${name}`),
    ).toBeVisible();
  await step(1, lg.wizard.steps.flight);
  await expect(wizard.getByRole('combobox', { name: new RegExp(lg.wizard.flight) })).toHaveText(
    new RegExp(`^${FLIGHT} · .+ · ${leg.origin} → ${station}`),
  );
  const next = wizard.getByRole('button', { name: lg.wizard.next });
  // Next with no file reference: the field takes the focus and says why.
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  const pirField = wizard.getByRole('textbox', { name: lg.wizard.pir });
  await expect(pirField).toBeFocused();
  await expect(pirField).toHaveAttribute('aria-invalid', 'true');
  const stamp = `${Date.now()}`;
  const pir = `${station}AC${stamp.slice(-5)}`;
  await page.keyboard.type(pir);
  await tabTo(page, wizard.getByRole('textbox', { name: lg.wizard.tag }));
  await page.keyboard.type(`${stamp.slice(-9)}3`);
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  await step(2, lg.wizard.steps.bag);
  // Into the colours' group (none chosen: Tab reaches the first), then along it to blue.
  await tabTo(page, wizard.getByRole('radio').first());
  const blue = wizard.getByRole('radio', { name: lg.colours.BU });
  await arrowTo(page, blue, 'ArrowRight');
  await expect(blue).toBeChecked();
  await expectFocusVisible(page);
  const type = wizard.getByRole('combobox', { name: new RegExp(lg.wizard.type) });
  await tabTo(page, type);
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await expectFocusInside(listbox);
  await arrowTo(page, listbox.getByRole('option', { name: lg.types['22'] }), 'ArrowDown', 40);
  await page.keyboard.press('Enter');
  await expect(listbox).toBeHidden();
  await expect(type).toBeFocused();
  await expect(type).toHaveText(lg.types['22']);
  await tabTo(page, next);
  await page.keyboard.press('Enter');

  await step(3, lg.wizard.steps.photo);
  // The photo button opens the system's file picker, as a person's Enter does.
  const photo = wizard.getByRole('button', { name: lg.wizard.take_photo });
  await tabTo(page, photo, { back: true, limit: 30 });
  const [picker] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.keyboard.press('Enter'),
  ]);
  await picker.setFiles(FIXTURE.pathname);
  await expect(wizard.getByText('bag-with-gps.jpg')).toBeVisible();
  await tabTo(page, wizard.getByRole('textbox', { name: lg.wizard.airtag }));
  await page.keyboard.type('https://found.apple.com/share/kbd');
  await tabTo(page, wizard.getByRole('button', { name: lg.wizard.submit }));
  await page.keyboard.press('Enter');
  await expect(wizard).toBeHidden({ timeout: 60_000 });
  const bag = page.getByRole('listitem', { name: fill(lg.bag.heading, { pir }) });
  await expect(bag.locator('.MuiChip-label').first()).toHaveText(lg.statuses.BAG_REPORTED_LOST);
  // The focus is back on the button that opened the wizard.
  await expect(report).toBeFocused();

  // The withdraw question: asked, and Escape keeps the report, the focus back on its button.
  const withdraw = bag.getByRole('button', { name: lg.bag.withdraw });
  await tabTo(page, withdraw, { limit: 40 });
  await page.keyboard.press('Enter');
  const question = page.getByRole('dialog', { name: fill(lg.bag.withdraw_title, { pir }) });
  await expectFocusInside(question);
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(withdraw).toBeFocused();
  await expect(bag).toBeVisible();
  await context.close();
});
