import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  accountsContracts,
  alertPeriods,
  FILE_MAX_BYTES,
  payoutsContracts,
  periodClosesAt,
  travelContracts,
} from '@tern/domain';
import {
  accessibilityViolations,
  apiKeys,
  apiUrl,
  expectNoSidewaysScroll,
  fill,
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
  expectFocusInside,
  expectFocusVisible,
  followNavLink,
  signInByKeyboard,
  tabTo,
} from './keyboard.ts';

/**
 * Parametric claims (issue 28) as Harbour Mutual's customer meets them, at 360 px in English
 * and at desktop width in French: the bank connected through the simulated bank's own consent
 * page, a flood measured by the operator's command opening a claim on the open page, the
 * prefilled prediction with one month changed (a comma decimal), the offer disputed for two
 * months with files (one refused as too big), the adjusted offer accepted, a month closed by
 * the journey server's simulated clock, payment details on its row, SENT then paid, and the
 * claim's timeline. It moves the server's clock: its project runs after the luggage journeys
 * (playwright.config.ts). Alone: `npx playwright test apps/web/e2e/claims.spec.ts --no-deps`.
 */

test.describe.configure({ mode: 'default' });

const SHOTS = 'test-results/claims-journey';
const HOUR = 3_600_000;

/** A Harbour Mutual customer's API session, as the partner's site would open one. */
async function apiSession(request: APIRequestContext, email: string) {
  const keyed = { 'api-key': apiKeys.business! };
  const login = await request.post(apiUrl(accountsContracts.login), {
    headers: keyed,
    data: { emailAddress: email, password, partnerId: 'business' },
  });
  const { userId, token } = (await login.json()) as { userId: string; token: string };
  return { userId, headers: { ...keyed, authorization: `Bearer ${token}` } };
}

/** A new Harbour Mutual customer with one insured business, bought as the partner's site would. */
async function businessCustomer(request: APIRequestContext, language: string) {
  const person = { firstName: 'Cora', surname: 'Café', email: uniqueEmail(`claims-${language}`) };
  await registerByApi(request, 'business', await freshPolicy(request, 'business'), person);
  const { userId, headers } = await apiSession(request, person.email);
  const bought = await request.post(apiUrl(travelContracts.itemsTransaction), {
    headers,
    data: {
      userId,
      propositionId: 'HM-BI',
      tag: 'business',
      externalPolicyNumber: 'HM-BI-E2E',
      items: [
        {
          itemTypeId: 'BUSINESS_PREMISES',
          properties: {
            name: `Quayside Bakery ${language}`,
            address: '3 Welsh Back, Bristol BS1 4SB',
          },
          profitMargin: 40,
        },
      ],
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const [item] = (await bought.json()) as { itemId: string }[];
  return { person, itemId: item!.itemId };
}

/** The business's account, added through the payment-rails supplier's page (its own form). */
async function addAccountByApi(request: APIRequestContext, email: string) {
  // Signed in again: a session lasts an hour of the server's moved clock.
  const { userId, headers } = await apiSession(request, email);
  const widget = await request.get(`${apiUrl(payoutsContracts.widget)}?userId=${userId}&lang=en`, {
    headers,
  });
  const page = new URL(((await widget.json()) as { url: string }).url).pathname;
  const added = await request.post(
    `http://localhost:${new URL(apiUrl(payoutsContracts.widget)).port}${page}`,
    {
      data: {
        description: 'Bakery current account',
        legalType: 'BUSINESS',
        sortCode: '089999',
        accountNumber: '66374958',
        emailAddress: 'accounts@example.com',
      },
    },
  );
  expect(added.status(), await added.text()).toBe(201);
}

for (const [language, width] of [
  ['en', 360],
  ['fr', 1280],
] as const) {
  test(`as Harbour Mutual's customer at ${width} px in ${language}: bank connected, a flood claim predicted, disputed with files, accepted, a month paid, its timeline`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(600_000);
    const t: Texts = texts[language];
    const c = t.claims;
    const { person, itemId } = await businessCustomer(request, language);
    const context = await browser.newContext({
      viewport: { width, height: 800 },
      locale: language === 'fr' ? 'fr-FR' : 'en-GB',
    });
    const page = await context.newPage();
    const shot = (name: string) =>
      page.screenshot({ path: `${SHOTS}/${language}-${width}-${name}.png`, fullPage: true });
    const axe = async (where: string) => {
      await expectNoSidewaysScroll(page, `${where} in ${language}`);
      expect(await accessibilityViolations(page), where).toEqual([]);
    };
    const open = (path: string) => page.goto(urlOf('business', `${path}?lang=${language}`));
    await open('/');
    await signInWithPassword(page, person.email, password, t);
    await expect(greeting(page, person.firstName, t)).toBeVisible();

    // 1. Insurance and claims asks for the bank; the simulated bank's own page grants it.
    await open('/claims');
    await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
    await expect(page.getByText(c.claims.none)).toBeVisible();
    await expect(page.getByText(c.banking.not_connected).first()).toBeVisible();
    await axe('Insurance and claims, bank not connected');
    await shot('1-claims-not-connected');
    await page
      .getByRole('link', { name: c.banking.connect })
      .or(page.getByRole('button', { name: c.banking.connect }))
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: c.grant.title })).toBeVisible();
    await axe('the grant page');
    await shot('2-grant');
    await page.getByRole('button', { name: c.grant.continue }).click();
    // The bank's page, on its own path: not the partner's brand.
    await expect(page).toHaveURL(/\/sim\/open-banking\/authorize/);
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: language === 'fr' ? 'Continuer' : 'Continue' }).click();
    await page.getByRole('checkbox').first().check();
    await shot('3-bank-consent');
    await page.getByRole('button', { name: language === 'fr' ? 'Autoriser' : 'Allow' }).click();
    await expect(page.getByRole('alert').filter({ hasText: c.grant.done_title })).toBeVisible();
    // The code and state are out of the address at once.
    expect(page.url()).not.toContain('code=');
    await axe('the grant page, connected');
    await page
      .getByRole('link', { name: c.grant.back })
      .or(page.getByRole('button', { name: c.grant.back }))
      .first()
      .click();
    await expect(page.getByText(c.banking.connected).first()).toBeVisible();

    // 2. A flood at the bakery, measured by the operator: the claim arrives on the open page.
    const triggered = Date.now();
    await simOperator('parametric', 'trigger', itemId, '--type', 'flood', '--value', '45cm');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /HM-CLM-/ }) });
    await expect(card).toBeVisible({ timeout: 30_000 });
    const arrivedMs = Date.now() - triggered;
    await expect(card).toContainText(c.alert_types.FLOOD);
    await axe('Insurance and claims with the new claim');
    await shot('4-claim-arrived');

    // 3. The prediction, prefilled from the bank; one month changed with a comma decimal.
    await card.getByRole('button', { name: c.claim.actions.prediction }).click();
    const prediction = page.getByRole('dialog');
    await expect(prediction).toContainText(c.prediction.prefilled);
    const months = prediction.getByRole('textbox');
    await expect(months.first()).not.toHaveValue('');
    // The first period claimed well above what the bank history leads to expect.
    await months.nth(0).fill('250000,75');
    await axe('the revenue prediction');
    await prediction.getByRole('button', { name: c.prediction.next }).click();
    await expect(prediction).toContainText(/250[\s.,\u202f]?000[.,]75/);
    await prediction.getByRole('button', { name: c.prediction.confirm }).click();
    await expect(prediction).toContainText(c.prediction.thanks);
    await prediction.getByRole('button', { name: c.prediction.close }).last().click();

    // 4. The offer; disputed for two months, two files on the first (one too big).
    const review = card.getByRole('button', { name: c.claim.actions['review-offer'] });
    await expect(review).toBeVisible({ timeout: 30_000 });
    await review.click();
    const offer = page.getByRole('dialog');
    await expect(offer).toContainText(c.offer.notes.checked_against_history);
    await expect(offer).toContainText(words(c.offer.reasons.above_history));
    await axe('the offer');
    await shot('5-offer');
    await offer.getByRole('button', { name: c.offer.disagree }).click();
    const form = page.getByRole('dialog');
    const choices = form.getByRole('checkbox');
    await choices.nth(0).check();
    await choices.nth(1).check();
    const notes = form.getByRole('textbox', { name: c.disagreement.notes });
    await notes.nth(0).fill('The flood closed us for two weeks: our sales ledger is attached.');
    await notes.nth(1).fill('The street stayed closed for repairs after the water went down.');
    const tooBig = 'till-rolls-scan.pdf';
    await form
      .locator('input[type="file"]')
      .first()
      .setInputFiles([
        {
          name: 'sales-ledger.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('%PDF-1.4\n% sales ledger\n%%EOF\n'),
        },
        {
          name: tooBig,
          mimeType: 'application/pdf',
          buffer: Buffer.alloc(FILE_MAX_BYTES + 1, 0x20),
        },
      ]);
    await expect(form).toContainText(
      fill(c.disagreement.files.too_big, { name: tooBig, max: '25' }),
    );
    await axe('the disagreement form');
    await shot('6-disagreement');
    await form.getByRole('button', { name: c.disagreement.send }).click();
    const sent = page.getByRole('dialog', { name: c.disagreement.sent_title });
    await expect(sent).toBeVisible({ timeout: 60_000 });
    await axe('the disagreement sent');
    await sent.getByRole('button', { name: c.disagreement.close }).last().click();

    // 5. The adjusted offer, accepted.
    const adjusted = card.getByRole('button', { name: c.claim.actions['adjusted-offer'] });
    await expect(adjusted).toBeVisible({ timeout: 60_000 });
    await adjusted.click();
    const second = page.getByRole('dialog');
    await expect(second).toContainText(c.offer.reasons.evidence_accepted);
    await axe('the adjusted offer');
    await second.getByRole('button', { name: c.offer.accept }).click();
    await expect(page.getByText(c.offer.accepted)).toBeVisible();

    // 6. The first month closes on the server's clock; its row asks for payment details.
    const [first] = alertPeriods(new Date(await serverNow()).toISOString());
    const hours = Math.ceil((periodClosesAt(first!).getTime() - (await serverNow())) / HOUR) + 1;
    await simOperator('clock', 'advance', `${hours}h`);
    await open('/claims');
    // Sessions last an hour: after the jump the portal asks to sign in again.
    const signInCard = page.getByRole('region', { name: t.accounts.sign_in.title });
    const claimsTitle = page.getByRole('heading', { level: 1, name: c.title });
    await expect(claimsTitle.or(signInCard)).toBeVisible();
    if (await signInCard.isVisible()) {
      await signInWithPassword(page, person.email, password, t);
      await expect(greeting(page, person.firstName, t)).toBeVisible();
      await open('/claims');
    }
    const claim = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /HM-CLM-/ }) });
    const details = claim.getByRole('button', { name: c.claim.expand });
    if (await details.isVisible()) await details.click();
    const enter = claim.getByRole('button', { name: c.payouts.enter_details });
    await expect(enter).toBeVisible({ timeout: 90_000 });
    await axe('the accepted claim and its payouts');
    await shot('7-payouts');
    if (language === 'fr') await addAccountByApi(request, person.email);
    await enter.click();
    const pay = page.getByRole('dialog');
    await pay.getByRole('textbox', { name: c.payment_details.mobile }).fill('+447911123456');
    await pay.getByRole('textbox', { name: c.payment_details.email }).fill('accounts@example.com');
    if (language === 'en') {
      await pay.getByRole('button', { name: c.payment_details.add_method }).click();
      const setup = page.getByRole('dialog', { name: t.payouts.setup.title });
      const frame = setup.frameLocator(`iframe[title="${t.payouts.widget_frame.title}"]`);
      await frame.getByLabel(t.payouts.widget.description).fill('Bakery current account');
      await frame.getByLabel('Sort code').fill('089999');
      await frame.getByLabel('Account number').fill('66374958');
      await frame.getByLabel('Email for payment notices').fill('accounts@example.com');
      await frame.getByRole('button', { name: t.payouts.widget.submit }).click();
      const complete = page.getByRole('dialog', { name: t.payouts.complete.title });
      await complete.getByRole('button', { name: t.payouts.complete.done }).click();
    }
    const paymentDialog = page.getByRole('dialog').filter({ hasText: c.payment_details.method });
    await expect(paymentDialog.getByText(/4958/).first()).toBeVisible();
    await axe('the payment details');
    await shot('8-payment-details');
    await paymentDialog.getByRole('button', { name: c.payment_details.submit }).click();
    await expect(claim.getByText(c.payouts.statuses.SENT).first()).toBeVisible({ timeout: 30_000 });
    await expect(claim.getByText(c.payouts.payment.paid).first()).toBeVisible({ timeout: 90_000 });
    await shot('9-paid');

    // 7. The claim's timeline, newest first.
    await claim
      .getByRole('link', { name: c.claim.timeline })
      .or(claim.getByRole('button', { name: c.claim.timeline }))
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: c.history.title })).toBeVisible();
    const events = page.getByRole('list', { name: c.history.events });
    await expect(events.getByText(c.history.kinds.opened)).toBeVisible();
    // The trigger, oldest: its measured value against the threshold.
    await expect(events.getByRole('listitem').last()).toContainText('45');
    await expect(events.getByText(c.history.kinds['dispute-sent'])).toBeVisible();
    await axe('the claim timeline');
    await shot('10-timeline');
    test.info().annotations.push({
      type: 'trigger to claim on the open page',
      description: `${arrivedMs} ms`,
    });
    await context.close();
  });
}

// After the two above, in the same worker (the project runs alone, its clock shared).
test("disputes a claim with the keyboard only: the bank's pages, the prediction, the offer disagreed with files, one refused and one removed", async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  const t: Texts = texts.en;
  const c = t.claims;
  const { person, itemId } = await businessCustomer(request, 'kbd');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(urlOf('business', '/?lang=en'));
  await signInByKeyboard(page, person, password, t);
  await followNavLink(page, c.title, t);
  await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();

  // The bank: the portal's grant page, then the simulated bank's own two pages, by keys.
  const connect = page
    .getByRole('link', { name: c.banking.connect })
    .or(page.getByRole('button', { name: c.banking.connect }))
    .first();
  await tabTo(page, connect);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: c.grant.title })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: c.grant.continue }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sim\/open-banking\/authorize/);
  await tabTo(page, page.getByRole('radio').first());
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio').first()).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('checkbox').first());
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Allow' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: c.grant.done_title })).toBeVisible();
  const back = page
    .getByRole('link', { name: c.grant.back })
    .or(page.getByRole('button', { name: c.grant.back }))
    .first();
  await tabTo(page, back);
  await page.keyboard.press('Enter');
  await expect(page.getByText(c.banking.connected).first()).toBeVisible();

  // A flood: the claim arrives on the open page; its prediction sent as prefilled.
  await simOperator('parametric', 'trigger', itemId, '--type', 'flood', '--value', '45cm');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /HM-CLM-/ }) });
  await expect(card).toBeVisible({ timeout: 30_000 });
  const predict = card.getByRole('button', { name: c.claim.actions.prediction });
  await tabTo(page, predict, { limit: 40 });
  await page.keyboard.press('Enter');
  const prediction = page.getByRole('dialog');
  await expectFocusInside(prediction);
  await expect(prediction).toContainText(c.prediction.prefilled);
  await tabTo(page, prediction.getByRole('button', { name: c.prediction.next }), { limit: 30 });
  await page.keyboard.press('Enter');
  await tabTo(page, prediction.getByRole('button', { name: c.prediction.confirm }));
  await page.keyboard.press('Enter');
  await expect(prediction).toContainText(c.prediction.thanks);
  await tabTo(page, prediction.getByRole('button', { name: c.prediction.close }).last());
  await page.keyboard.press('Enter');
  await expect(prediction).toBeHidden();
  // The prediction's button went with it: the focus stays on the claim, not lost.
  await expectFocusVisible(page);

  // The offer, disagreed with: two files for the first period, a third refused as too big.
  const review = card.getByRole('button', { name: c.claim.actions['review-offer'] });
  await expect(review).toBeVisible({ timeout: 60_000 });
  await tabTo(page, review, { limit: 40 });
  await page.keyboard.press('Enter');
  const offer = page.getByRole('dialog');
  await expectFocusInside(offer);
  await tabTo(page, offer.getByRole('button', { name: c.offer.disagree }), { limit: 30 });
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: new RegExp(c.disagreement.title.split(' ·')[0]) });
  await expectFocusInside(form);
  const choose = form.getByRole('checkbox').first();
  await tabTo(page, choose);
  await page.keyboard.press('Space');
  await expect(choose).toBeChecked();
  await tabTo(page, form.getByRole('textbox', { name: c.disagreement.notes }).first());
  await page.keyboard.type('The flood closed us for two weeks: our sales ledger is attached.');
  const addFiles = form.getByRole('button', { name: c.disagreement.files.add }).first();
  await tabTo(page, addFiles);
  const tooBig = 'till-rolls-scan.pdf';
  const pdf = (name: string, size?: number) => ({
    name,
    mimeType: 'application/pdf',
    buffer: size ? Buffer.alloc(size, 0x20) : Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`),
  });
  const [picker] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.keyboard.press('Enter'),
  ]);
  await picker.setFiles([
    pdf('sales-ledger.pdf'),
    pdf('wrong-month.pdf'),
    pdf(tooBig, FILE_MAX_BYTES + 1),
  ]);
  // The refusal is announced (an alert), the focus left on the button.
  await expect(form.getByRole('alert')).toContainText(
    fill(c.disagreement.files.too_big, { name: tooBig, max: '25' }),
  );
  await expect(addFiles).toBeFocused();
  // A file removed by its button: the focus goes to Add files, not nowhere.
  await tabTo(
    page,
    form.getByRole('button', {
      name: fill(c.disagreement.files.remove, { name: 'wrong-month.pdf' }),
    }),
    { back: true },
  );
  await page.keyboard.press('Enter');
  await expect(form.getByText(/wrong-month\.pdf/)).toHaveCount(0);
  await expect(addFiles).toBeFocused();
  await tabTo(page, form.getByRole('button', { name: c.disagreement.send }));
  await page.keyboard.press('Enter');
  const sent = page.getByRole('dialog', { name: c.disagreement.sent_title });
  await expect(sent).toBeVisible({ timeout: 60_000 });
  await expectFocusInside(sent);
  await tabTo(page, sent.getByRole('button', { name: c.disagreement.close }).last());
  await page.keyboard.press('Enter');
  await expect(sent).toBeHidden();
  await expectFocusVisible(page);
  await expect(card.getByRole('button', { name: c.claim.actions['adjusted-offer'] })).toBeVisible({
    timeout: 60_000,
  });
  await context.close();
});
