import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import {
  accessibilityViolations,
  databaseDump,
  expectNoSidewaysScroll,
  fill,
  freshPolicy,
  greeting,
  password,
  registerByApi,
  signInWithPassword,
  simOperator,
  texts,
  uniqueEmail,
  urlOf,
  type Texts,
} from './journey.ts';

/**
 * Identity monitoring (issue 29) as Northbank's customer meets it, at 360 px in English and in
 * Spanish: the first sign-in subscribes and the initial scan shows on the dashboard; an email,
 * a passport (a bad number refused first) and a card typed in the card vault's own frame (a
 * bad number refused inside it) are added; a breach the operator plants with the email arrives
 * on the open page as an alert; its action plan with two steps ticked, kept across a reload;
 * "this isn't me" on another alert; a type at its maximum loses its add button; an item
 * deleted with Back, then Confirm. Afterwards the database holds none of the values typed.
 */

test.describe.configure({ mode: 'default' });

const SHOTS = 'test-results/monitoring-journey';
const CARD = '4242 4242 4242 4242';
const BAD_CARD = '4242 4242 4242 4241';
const PASSPORT = '925076473';
const BAD_PASSPORT = 'AB12';
const SIN = '046 454 286';

/** A type's collapsible row on the monitored-data page, opened. */
async function typeRow(page: Page, label: string) {
  const row = page.locator('.MuiAccordion-root').filter({
    has: page.getByRole('button', { name: new RegExp(`^${label}`) }),
  });
  const summary = row.getByRole('button', { name: new RegExp(`^${label}`) });
  if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.click();
  return row;
}

for (const language of ['en', 'es'] as const) {
  test(`as Northbank's customer at 360 px in ${language}: subscribed with a scan, three items added, a breach alert with its plan, "this isn't me", a full type, a deletion`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const t: Texts = texts[language];
    const m = t.monitoring;
    const person = {
      firstName: 'Mona',
      surname: 'Tor',
      email: uniqueEmail(`monitoring-${language}`),
    };
    await registerByApi(request, 'identity', await freshPolicy(request, 'identity'), person);
    const email = uniqueEmail(`watched-${language}`);
    const context = await browser.newContext({
      viewport: { width: 360, height: 780 },
      locale: language === 'es' ? 'es-ES' : 'en-GB',
    });
    const page = await context.newPage();
    const shot = (name: string) =>
      page.screenshot({ path: `${SHOTS}/${language}-360-${name}.png`, fullPage: true });
    const axe = async (where: string) => {
      await expectNoSidewaysScroll(page, `${where} in ${language}`);
      expect(await accessibilityViolations(page), where).toEqual([]);
    };
    const open = (path: string) => page.goto(urlOf('identity', `${path}?lang=${language}`));

    // 1. The first sign-in subscribes; the initial scan shows on its dashboard card.
    await open('/');
    await signInWithPassword(page, person.email, password, t);
    await expect(greeting(page, person.firstName, t)).toBeVisible();
    const scanCard = page.getByRole('region', {
      name: t.dashboard.cards.initial_scan.title,
    });
    await expect(scanCard.getByText(m.cards.initial_scan.nothing_added)).toBeVisible({
      timeout: 20_000,
    });
    await axe('the dashboard with the initial scan');
    await shot('1-dashboard-scan');

    // 2. The monitored-data page: ten types, an email added.
    await open('/monitored-data');
    await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();
    await axe('the monitored-data page, empty');
    await shot('2-monitored-data-empty');
    const emails = await typeRow(page, m.types.EMAIL_ADDRESS.label);
    await emails.getByRole('button', { name: m.types.EMAIL_ADDRESS.add }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: m.form.friendly_name }).fill('Personal');
    await dialog.getByRole('textbox', { name: m.types.EMAIL_ADDRESS.value }).fill(email);
    await axe('the add dialog');
    await dialog.getByRole('button', { name: m.form.add }).click();
    await expect(dialog).toBeHidden();
    await expect(emails.getByText(`${email.slice(0, 2)}****@`, { exact: false })).toBeVisible();
    await expect(page.getByText(email)).toHaveCount(0);

    // 3. A passport: a bad number refused with the passport message, then a good one.
    const passports = await typeRow(page, m.types.PASSPORT.label);
    await passports.getByRole('button', { name: m.types.PASSPORT.add }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: m.form.friendly_name }).fill('Passport');
    const passportField = dialog.getByRole('textbox', { name: m.types.PASSPORT.value });
    await passportField.fill(BAD_PASSPORT);
    await dialog.getByRole('button', { name: m.form.add }).click();
    await expect(dialog.getByText(t.validation.invalidPassport)).toBeVisible();
    await axe('the passport refused');
    await shot('3-passport-refused');
    await passportField.fill(PASSPORT);
    await dialog.getByRole('button', { name: m.form.add }).click();
    await expect(dialog).toBeHidden();
    await expect(passports.getByText('****6473')).toBeVisible();

    // 4. A card typed in the card vault's frame: a bad number refused inside it.
    const cards = await typeRow(page, m.types.CARD.label);
    await cards.getByRole('button', { name: m.types.CARD.add }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: m.form.friendly_name }).fill('Everyday card');
    const frameElement = dialog.locator('iframe');
    await expect(frameElement).toBeVisible();
    // The frame is on the vault's own origin, not the portal's.
    expect(new URL((await frameElement.getAttribute('src'))!).hostname).toBe('vault.localhost');
    const frame: FrameLocator = dialog.frameLocator('iframe');
    const number = frame.getByRole('textbox');
    await number.fill(BAD_CARD);
    await number.blur();
    await expect(frame.getByText(t.validation.invalidCardNumber)).toBeVisible();
    await axe('the card dialog, number refused');
    await shot('4-card-refused');
    await number.fill(CARD);
    await dialog.getByRole('button', { name: m.form.add }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(cards.getByText('**** 4242')).toBeVisible();
    await shot('5-three-items');

    // 5. The operator plants a breach with the email: the alert arrives on the open page.
    const alerts = page.getByRole('region', { name: m.alerts.title });
    const planted = Date.now();
    await simOperator(
      'breach',
      'add',
      '--type',
      'EMAIL_ADDRESS',
      '--value',
      email,
      '--name',
      `JourneyShop${language}`,
      '--title',
      `Journey Shop ${language}`,
      '--classes',
      'Email addresses,Passwords',
    );
    const emailAlert = alerts.getByRole('listitem').filter({ hasText: `Journey Shop ${language}` });
    await expect(emailAlert).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByText(
        fill(m.notifications.alert_sent, { name: 'Personal', title: `Journey Shop ${language}` }),
      ),
    ).toBeVisible();
    test
      .info()
      .annotations.push({ type: 'alert arrived (ms)', description: String(Date.now() - planted) });
    await axe('the monitored-data page with an alert');
    await shot('6-alert-arrived');
    // A second alert, on the passport, from an unverified breach.
    await simOperator(
      'breach',
      'add',
      '--type',
      'PASSPORT',
      '--value',
      PASSPORT,
      '--name',
      `TravelLeak${language}`,
      '--title',
      `Travel Leak ${language}`,
      '--classes',
      'Passport numbers,Names',
      '--unverified',
    );
    const passportAlert = alerts
      .getByRole('listitem')
      .filter({ hasText: `Travel Leak ${language}` });
    await expect(passportAlert).toBeVisible({ timeout: 30_000 });

    // 6. The email alert's action plan: two steps ticked, kept across a reload.
    await emailAlert.getByRole('link', { name: new RegExp(m.alerts.open_plan) }).click();
    await expect(page.getByRole('heading', { level: 1, name: m.action_plan.title })).toBeVisible();
    const steps = page.locator('[data-action]');
    await expect(steps.first()).toBeVisible();
    const total = await steps.count();
    for (const i of [0, 1]) {
      await steps.nth(i).getByRole('button').first().click();
      const done = steps.nth(i).getByRole('checkbox', { name: m.plan.mark_done });
      // A tick is shown once the page has taken it (the plan's state): wait for it, not the click.
      await done.click();
      await expect(done).toBeChecked();
    }
    const progress = page.getByTestId('plan-progress');
    await expect(progress).toHaveText(fill(m.plan.progress, { done: '2', total: String(total) }));
    await axe('the action plan');
    await shot('7-action-plan');
    await page.reload();
    await expect(progress).toHaveText(fill(m.plan.progress, { done: '2', total: String(total) }));
    for (const i of [0, 1])
      await expect(steps.nth(i).getByRole('img', { name: m.plan.done })).toBeVisible();
    await expect(steps.nth(2).getByRole('img', { name: m.plan.to_do })).toBeVisible();

    // 7. "This isn't me" on the passport's alert: closed with the reason.
    await open('/monitored-data');
    await passportAlert.getByRole('link', { name: new RegExp(m.alerts.open_plan) }).click();
    await page.getByRole('button', { name: m.dismiss.open }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: m.dismiss.reasons.never_used_service }).check();
    await axe('the "this isn\'t me" dialog');
    await dialog.getByRole('button', { name: m.dismiss.submit }).click();
    await expect(page.getByText(m.notifications.alert_dismissed)).toBeVisible();

    // 8. A national id fills its type (one allowed): its add button goes.
    await open('/monitored-data');
    const ids = await typeRow(page, m.types.NATIONAL_ID.label);
    await ids.getByRole('button', { name: m.types.NATIONAL_ID.add }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: m.form.friendly_name }).fill('SIN');
    await dialog.getByRole('textbox', { name: m.types.NATIONAL_ID.value }).fill(SIN);
    await dialog.getByRole('button', { name: m.form.add }).click();
    await expect(dialog).toBeHidden();
    await expect(ids.getByRole('button', { name: m.types.NATIONAL_ID.add })).toHaveCount(0);
    await expect(ids.getByText(m.page.at_max)).toBeVisible();
    await shot('8-type-full');

    // 9. Deleting the card: Back keeps it, Confirm removes it.
    await cards
      .getByRole('button', { name: fill(m.item.actions, { name: 'Everyday card' }) })
      .click();
    await page.getByRole('menuitem', { name: m.item.delete }).click();
    dialog = page.getByRole('dialog');
    await axe('the delete confirmation');
    await dialog.getByRole('button', { name: m.delete.back }).click();
    await expect(cards.getByText('**** 4242')).toBeVisible();
    await cards
      .getByRole('button', { name: fill(m.item.actions, { name: 'Everyday card' }) })
      .click();
    await page.getByRole('menuitem', { name: m.item.delete }).click();
    await page.getByRole('dialog').getByRole('button', { name: m.delete.confirm }).click();
    await expect(cards.getByText('**** 4242')).toHaveCount(0);
    await axe('the monitored-data page at the end');
    await shot('9-after-delete');
    await context.close();
  });
}

test('the database holds none of the identifiers typed in the journeys', async () => {
  const dump = (await databaseDump()).toLowerCase();
  // The journeys above ran (their customers are there), and typed these.
  expect(dump).toContain('monitoring-en');
  for (const value of [
    'watched-',
    PASSPORT,
    CARD.replace(/\s/g, ''),
    CARD,
    SIN.replace(/\s/g, ''),
    SIN,
  ])
    expect(dump, value).not.toContain(value.toLowerCase());
});
