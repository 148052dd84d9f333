import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { payoutsContracts } from '@tern/domain';
import {
  accessibilityViolations,
  apiUrl,
  expectNoSidewaysScroll,
  fill,
  fillCanadianBank,
  freshPolicy,
  greeting,
  latestMessage,
  locale,
  partnerServer,
  password,
  registerByApi,
  signInWithPassword,
  uniqueEmail,
  urlOf,
} from './journey.ts';
import { textsOf } from './texts.ts';

/**
 * Payouts (issue 12) as a person goes through them: a Canadian bank account found by the bank
 * lookup, a refused account number put right, a second method made preferred and the first
 * removed; a business adding its account in the payment-rails supplier's own page; a payment
 * from the partner arriving live; the pages at 360 px in Spanish and French.
 */

const l = locale;
const p = l.payouts;

async function signedIn(
  page: Page,
  partnerId: string,
  person: { firstName: string; email: string },
) {
  await page.goto(urlOf(partnerId));
  await signInWithPassword(page, person.email, password);
  await expect(greeting(page, person.firstName)).toBeVisible();
}

async function openPayoutMethods(page: Page) {
  await page
    .getByRole('navigation', { name: l.nav.label })
    .getByRole('link', { name: p.methods.title })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: p.methods.title })).toBeVisible();
}

/** Adds a Canadian bank account through the set-up and add dialogs, the bank found by lookup. */
async function addCanadianAccount(page: Page, description: string, account: string) {
  await page.getByRole('button', { name: p.methods.add }).first().click();
  const setup = page.getByRole('dialog', { name: p.setup.title });
  await setup.getByRole('button', { name: p.providers['BANK-MANUAL'], exact: true }).click();
  const form = page.getByRole('dialog', { name: p.add.title });
  await form.getByRole('textbox', { name: p.fields.description }).fill(description);
  await form.getByRole('combobox', { name: p.fields.legalType }).click();
  await page.getByRole('option', { name: p.choices.INDIVIDUAL }).click();
  // The lookup waits for three characters.
  await form.getByRole('textbox', { name: p.fields.bankName }).fill('ro');
  await expect(form.getByRole('button', { name: p.lookup.find })).toBeDisabled();
  await fillCanadianBank(form, account);
  await form.getByRole('textbox', { name: p.fields.emailAddress }).fill('payouts@example.com');
  return form;
}

test('adds a Canadian bank account found by the bank lookup, then another made preferred, and removes the first', async ({
  page,
  request,
}) => {
  // Two methods added, one made preferred, one removed: a long journey on a loaded machine.
  test.slow();
  const person = { firstName: 'Paula', surname: 'Payee', email: uniqueEmail('payout-cad') };
  await registerByApi(request, 'travel', await freshPolicy(request, 'travel'), person);
  await signedIn(page, 'travel', person);
  await openPayoutMethods(page);
  await expect(page.getByText(p.cards.payment_methods.empty)).toBeVisible();

  // A 5-digit account number breaks the provider's rule (7 to 12 digits): said on the field.
  const form = await addCanadianAccount(page, 'Everyday chequing', '12345');
  await form.getByRole('button', { name: p.add.submit }).click();
  const account = form.getByRole('textbox', { name: p.fields.accountNumber });
  await expect(account).toHaveAccessibleDescription(l.validation.invalid);
  await page.screenshot({ path: 'test-results/screens/payouts-add-1280.png', fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
  await account.fill('1234567');
  await form.getByRole('button', { name: p.add.submit }).click();
  const complete = page.getByRole('dialog', { name: p.complete.title });
  await expect(complete).toBeVisible();
  await complete.getByRole('button', { name: p.complete.done }).click();

  const list = page.getByRole('list', { name: p.methods.list });
  const first = list.getByRole('listitem').filter({ hasText: 'Everyday chequing' });
  await expect(first).toContainText(p.cards.payment_methods.preferred);
  // Stored sealed, shown masked: the last four digits only.
  await expect(first).toContainText('4567');
  await expect(first).not.toContainText('1234567');
  const told = await latestMessage(request, person.email, 'payout-method-changed');
  expect(told.text).toContain('Everyday chequing');

  await addCanadianAccount(page, 'Savings', '7654321');
  await page
    .getByRole('dialog', { name: p.add.title })
    .getByRole('button', { name: p.add.submit })
    .click();
  await page
    .getByRole('dialog', { name: p.complete.title })
    .getByRole('button', { name: p.complete.done })
    .click();
  const savings = list.getByRole('listitem').filter({ hasText: 'Savings' });
  await expect(savings).toBeVisible();
  await expect(savings).not.toContainText(p.cards.payment_methods.preferred);

  await page
    .getByRole('button', { name: fill(p.methods.actions, { description: 'Savings' }) })
    .click();
  await page.getByRole('menuitem', { name: p.methods.make_preferred }).click();
  await expect(page.getByText(p.notifications.preferred_payout_method_set)).toBeVisible();
  await expect(savings).toContainText(p.cards.payment_methods.preferred);
  await expect(first).not.toContainText(p.cards.payment_methods.preferred);

  await page
    .getByRole('button', { name: fill(p.methods.actions, { description: 'Everyday chequing' }) })
    .click();
  await page.getByRole('menuitem', { name: p.methods.remove }).click();
  const confirm = page.getByRole('dialog', {
    name: fill(p.remove.title, { description: 'Everyday chequing' }),
  });
  await confirm.getByRole('button', { name: p.remove.confirm }).click();
  await expect(page.getByText(p.notifications.payout_method_removed)).toBeVisible();
  await expect(first).toHaveCount(0);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/screens/payouts-methods-1280.png', fullPage: true });

  // The dashboard card lists it too, preferred.
  await page.goto(urlOf('travel', '/dashboard'));
  const card = page.getByRole('region', { name: l.dashboard.cards.payment_methods.title });
  await expect(card.getByText('Savings')).toBeVisible();
  await expect(card.getByText(p.cards.payment_methods.preferred)).toBeVisible();
});

test('adds a euro account: the bank found where the IBAN says, a wrong IBAN refused, then the right one', async ({
  page,
  request,
}) => {
  const person = { firstName: 'Eva', surname: 'Euro', email: uniqueEmail('payout-eur') };
  await registerByApi(request, 'travel', await freshPolicy(request, 'travel'), person);
  await signedIn(page, 'travel', person);
  await openPayoutMethods(page);
  await page.getByRole('button', { name: p.methods.add }).click();
  await page
    .getByRole('dialog', { name: p.setup.title })
    .getByRole('button', { name: p.providers['BANK-MANUAL'], exact: true })
    .click();
  const form = page.getByRole('dialog', { name: p.add.title });
  await form.getByRole('textbox', { name: p.fields.description }).fill('Konto in Berlin');
  await form.getByRole('combobox', { name: p.fields.currency }).click();
  await page.getByRole('option', { name: /^EUR/ }).click();
  const iban = form.getByRole('textbox', { name: p.fields.iban });
  // One check digit wrong: the pattern passes, the provider's IBAN check does not.
  await iban.fill('DE89 3704 0044 0532 0130 01');
  await form.getByRole('combobox', { name: p.fields.legalType }).click();
  await page.getByRole('option', { name: p.choices.INDIVIDUAL }).click();
  const bank = form.getByRole('textbox', { name: p.fields.bankName });
  await bank.fill('commerzbank');
  await form.getByRole('button', { name: p.lookup.find }).click();
  const found = form
    .getByRole('list', { name: /bank|banks/ })
    .getByRole('button')
    .first();
  await expect(found).toContainText(/Commerzbank/);
  await found.click();
  await expect(form.getByRole('textbox', { name: p.fields.bic })).toHaveValue(/^COBADE/);
  await form.getByRole('textbox', { name: p.fields.emailAddress }).fill('eva@example.com');
  await form.getByRole('button', { name: p.add.submit }).click();
  await expect(iban).toHaveAccessibleDescription(l.validation.invalid);
  await page.screenshot({ path: 'test-results/screens/payouts-iban-1280.png', fullPage: true });
  await iban.fill('DE89 3704 0044 0532 0130 00');
  await form.getByRole('button', { name: p.add.submit }).click();
  await page
    .getByRole('dialog', { name: p.complete.title })
    .getByRole('button', { name: p.complete.done })
    .click();
  const method = page
    .getByRole('list', { name: p.methods.list })
    .getByRole('listitem')
    .filter({ hasText: 'Konto in Berlin' });
  await expect(method).toContainText('EUR');
  await expect(method).toContainText('3000');
  await expect(method).not.toContainText('0532');
});

test("adds a business's account in the payment-rails supplier's own page", async ({
  page,
  request,
}) => {
  const person = { firstName: 'Bea', surname: 'Business', email: uniqueEmail('payout-rails') };
  await registerByApi(request, 'business', await freshPolicy(request, 'business'), person);
  await signedIn(page, 'business', person);
  await openPayoutMethods(page);
  await page.getByRole('button', { name: p.methods.add }).click();
  const setup = page.getByRole('dialog', { name: p.setup.title });
  const frame = setup.frameLocator(`iframe[title="${p.widget_frame.title}"]`);
  await frame.getByLabel(p.widget.description).fill('Business current account');
  await frame.getByLabel('Sort code').fill('089999');
  await frame.getByLabel('Account number').fill('66374958');
  await frame.getByLabel('Email for payment notices').fill('accounts@example.com');
  await page.screenshot({ path: 'test-results/screens/payouts-widget-1280.png', fullPage: true });
  await frame.getByRole('button', { name: p.widget.submit }).click();
  const complete = page.getByRole('dialog', { name: p.complete.title });
  await expect(complete).toBeVisible();
  await complete.getByRole('button', { name: p.complete.done }).click();
  const method = page
    .getByRole('list', { name: p.methods.list })
    .getByRole('listitem')
    .filter({ hasText: 'Business current account' });
  await expect(method).toContainText(p.providers['BANK-RAILS']);
  await expect(method).toContainText('4958');
  await expect(method).toContainText('GBP');
});

/** A new Skyward customer signed in on Payout methods with one Canadian account: their id. */
async function customerWithAccount(
  page: Page,
  request: APIRequestContext,
  person: { firstName: string; surname: string; email: string },
  description: string,
  accountNumber: string,
) {
  const userId = await registerByApi(
    request,
    'travel',
    await freshPolicy(request, 'travel'),
    person,
  );
  await signedIn(page, 'travel', person);
  await openPayoutMethods(page);
  const form = await addCanadianAccount(page, description, accountNumber);
  await form.getByRole('button', { name: p.add.submit }).click();
  await page
    .getByRole('dialog', { name: p.complete.title })
    .getByRole('button', { name: p.complete.done })
    .click();
  return userId;
}

test('a payment from the partner arrives on the payments page as it moves to paid', async ({
  page,
  request,
}) => {
  const person = { firstName: 'Cash', surname: 'Option', email: uniqueEmail('payout-sent') };
  const userId = await customerWithAccount(page, request, person, 'Cash account', '99887766');
  await page.getByRole('link', { name: p.methods.see_payments }).click();
  await expect(page.getByRole('heading', { level: 1, name: p.payments.title })).toBeVisible();
  await expect(page.getByText(p.payments.empty)).toBeVisible();

  // The partner's back end pays a cash option: twice with one key, once paid.
  const payment = {
    userId,
    amount: 12550,
    currency: 'CAD',
    reason: 'Cash option for the delay of your flight',
    idempotencyKey: `e2e-${userId}`,
  };
  for (let i = 0; i < 2; i += 1) {
    const sent = await request.post(apiUrl(payoutsContracts.send), {
      headers: partnerServer('travel'),
      data: payment,
    });
    expect(sent.status(), await sent.text()).toBe(202);
  }
  const list = page.getByRole('list', { name: p.payments.list });
  const row = list.getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('heading')).toHaveText(/\$125\.50/);
  await expect(row).toContainText(payment.reason);
  await expect(row).toContainText('Cash account');
  // No reload: the API's live events move it on to paid at the simulated bank.
  await expect(row).toContainText(p.payments.status.settled, { timeout: 30_000 });
  await expect(row).toContainText(/SIM-/);
  await page.screenshot({ path: 'test-results/screens/payouts-payments-1280.png', fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('a payment to a closed account fails; the customer adds another account and sends it again, and it is paid', async ({
  page,
  request,
}) => {
  test.slow();
  const person = { firstName: 'Rhea', surname: 'Resend', email: uniqueEmail('payout-resend') };
  // The simulated bank returns a transfer to an account ending 0000: a closed account.
  const userId = await customerWithAccount(page, request, person, 'Old account', '12340000');
  const payment = {
    userId,
    amount: 4200,
    currency: 'CAD',
    reason: 'Goodwill for your delayed flight',
    idempotencyKey: `e2e-resend-${userId}`,
  };
  const sent = await request.post(apiUrl(payoutsContracts.send), {
    headers: partnerServer('travel'),
    data: payment,
  });
  expect(sent.status(), await sent.text()).toBe(202);
  const { paymentId } = (await sent.json()) as { paymentId: string };

  await page.getByRole('link', { name: p.methods.see_payments }).click();
  const row = page.getByRole('list', { name: p.payments.list }).getByRole('listitem');
  await expect(row).toContainText(p.payments.status.failed, { timeout: 30_000 });
  await expect(row).toContainText(p.payments.failure.ACCOUNT_CLOSED);
  // Support is offered with the payment's reference, the form started on it.
  await expect(row.getByRole('link', { name: p.payments.contact_support })).toHaveAttribute(
    'href',
    new RegExp(`subject=.*${paymentId}`),
  );

  await page.screenshot({ path: 'test-results/screens/payouts-failed-1280.png', fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
  // On a phone too: the ways on fit the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page, 'a failed payment at 360 px');

  await row.getByRole('button', { name: p.payments.resend }).click();
  const resend = page.getByRole('dialog', { name: p.resend.title });
  await expect(resend).toContainText(fill(p.resend.none, { currency: 'CAD' }));
  await expectNoSidewaysScroll(page, 'the resend dialog at 360 px');
  // Once it has faded in.
  await page.waitForFunction(
    () => getComputedStyle(document.querySelector('.MuiDialog-container')!).opacity === '1',
  );
  await page.screenshot({ path: 'test-results/screens/payouts-resend-360.png' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await resend.getByRole('button', { name: p.resend.add }).click();
  await page
    .getByRole('dialog', { name: p.setup.title })
    .getByRole('button', { name: p.providers['BANK-MANUAL'], exact: true })
    .click();
  const form = page.getByRole('dialog', { name: p.add.title });
  await form.getByRole('textbox', { name: p.fields.description }).fill('New account');
  await form.getByRole('combobox', { name: p.fields.legalType }).click();
  await page.getByRole('option', { name: p.choices.INDIVIDUAL }).click();
  await fillCanadianBank(form, '55667788');
  await form.getByRole('textbox', { name: p.fields.emailAddress }).fill('payouts@example.com');
  await form.getByRole('button', { name: p.add.submit }).click();
  await page
    .getByRole('dialog', { name: p.complete.title })
    .getByRole('button', { name: p.complete.done })
    .click();
  // Back to the resend, the new account chosen.
  await expect(resend.getByRole('radio', { name: /New account/ })).toBeChecked();
  expect(await accessibilityViolations(page)).toEqual([]);
  await resend.getByRole('button', { name: p.resend.submit }).click();
  await expect(page.getByText(p.notifications.payment_resent)).toBeVisible();

  // The same payment, once: paid to the new account, no longer offered again.
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('New account');
  await expect(row).toContainText(p.payments.status.settled, { timeout: 30_000 });
  await expect(row.getByRole('button', { name: p.payments.resend })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/payouts-resent-1280.png', fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('the payout pages and the add dialog fit 360 px in ES and FR', async ({
  browser,
  request,
}) => {
  // Four pages and a dialog, each checked by axe.
  test.slow();
  const person = { firstName: 'Lena', surname: 'Lang', email: uniqueEmail('payout-360') };
  await registerByApi(request, 'travel', await freshPolicy(request, 'travel'), person);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto(urlOf('travel'));
  await signInWithPassword(page, person.email, password);
  await expect(greeting(page, person.firstName)).toBeVisible();
  for (const language of ['es', 'fr'] as const) {
    const t = textsOf(language);
    for (const path of ['/payments', '/payout-methods']) {
      // A link's `?lang=` sets the language of the visit.
      await page.goto(urlOf('travel', `${path}?lang=${language}`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page, `${path} in ${language}`);
      expect(await accessibilityViolations(page)).toEqual([]);
    }
    await page.getByRole('button', { name: t.payouts.methods.add }).click();
    await page
      .getByRole('dialog', { name: t.payouts.setup.title })
      .getByRole('button', { name: t.payouts.providers['BANK-MANUAL'], exact: true })
      .click();
    const form = page.getByRole('dialog', { name: t.payouts.add.title });
    await expect(form.getByRole('textbox', { name: t.payouts.fields.transitNumber })).toBeVisible();
    await form.getByRole('button', { name: t.payouts.add.submit }).click();
    await expect(
      form.getByRole('textbox', { name: t.payouts.fields.description }),
    ).toHaveAccessibleDescription(t.validation.required);
    await page.screenshot({
      path: `test-results/screens/payouts-add-360-${language}.png`,
      fullPage: true,
    });
    expect(await accessibilityViolations(page)).toEqual([]);
  }
  await context.close();
});
