import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { accountsContracts } from '@tern/domain';
import {
  accessibilityViolations,
  actFor,
  apiKeys,
  apiUrl,
  demoPassword,
  fill,
  greeting,
  latestMessage,
  locale,
  logOut,
  openUserMenu,
  password,
  renewedPassword,
  registerByApi,
  signInWithPassword,
  texts,
  uniqueEmail,
  urlOf,
  port,
} from './journey.ts';
import { DEMO_PRODUCT } from '../../api/src/seed/demo-world.ts';
import { textsOf, unaccentedWords } from './texts.ts';

/**
 * Accounts and sessions (issue #3) as a person goes through them, on the real build served by
 * the real API: register, log out, log in, one-time code, forgot/reset, an agent acting for a
 * customer. Codes and reset links are read from the simulated outbox (`/dev/outbox.json`).
 *
 * The outbox and the demo users exist only outside production: the one journey server
 * (playwright config) runs in development mode.
 *
 * Each journey registers its own user with a unique email, using one of the free demo policy
 * numbers (each works once per database), spread over the three partners.
 */
/** The TOTP code of `secret` at `at` (ms), as an authenticator app would show it. */
const totpAt = (secret: string, at: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), period: 30, timestamp: at });

const registerJourneys = [
  { language: 'en', partnerId: 'travel', policy: 'SKY-2001' },
  { language: 'fr', partnerId: 'travel', policy: 'SKY-2004' },
] as const;

for (const { language, partnerId, policy } of registerJourneys) {
  test(`register with a demo policy, skip MFA, see the dashboard; log out; log in again (${language.toUpperCase()})`, async ({
    page,
  }) => {
    // The longest journey: registration, the terms, the dashboard, logout and login again.
    test.slow();
    const l = texts[language];
    const person = {
      firstName: 'Rhea',
      surname: 'Journey',
      email: uniqueEmail(`register-${language}`),
    };
    await page.goto(urlOf(partnerId));
    if (language !== 'en') await page.getByLabel(texts.en.language.label).selectOption(language);
    await page.getByRole('link', { name: l.accounts.sign_in.create_account }).click();
    await expect(page).toHaveURL(/\/register$/);

    await page
      .getByRole('textbox', { name: l.accounts.register.first_name, exact: true })
      .fill(person.firstName);
    await page
      .getByRole('textbox', { name: l.accounts.register.surname, exact: true })
      .fill(person.surname);
    await page
      .getByRole('textbox', { name: l.accounts.register.email, exact: true })
      .fill(person.email);
    await page
      .getByRole('textbox', { name: l.accounts.register.mobile, exact: true })
      .fill('4165550123');
    await page
      .getByRole('textbox', { name: l.accounts.register.policy_number, exact: true })
      .fill(policy);
    await page.getByLabel(l.accounts.register.password, { exact: false }).first().fill(password);
    await page.getByLabel(l.accounts.register.password_confirm, { exact: false }).fill(password);
    await page.screenshot({
      path: `test-results/screens/register-${language}.png`,
      fullPage: true,
    });
    await page.getByRole('button', { name: l.accounts.register.submit }).click();

    const offer = page.getByRole('dialog', { name: l.accounts.mfa.offer_title });
    await expect(offer.getByRole('img', { name: l.accounts.mfa.qr_alt })).toBeVisible();
    await offer.getByRole('button', { name: l.accounts.mfa.skip }).click();

    // A new account accepts the partner's terms before any other page, then goes on.
    await expect(page).toHaveURL(/\/terms\/accept\?next=%2Fdashboard$/);
    await expect(
      page.getByRole('heading', { level: 1, name: l.content.accept_terms.title }),
    ).toBeVisible();
    const accept = page.getByRole('button', { name: l.content.accept_terms.accept });
    await expect(accept).toBeDisabled();
    await page.getByRole('checkbox', { name: l.content.accept_terms.agree }).check();
    await page.screenshot({
      path: `test-results/screens/terms-accept-${language}.png`,
      fullPage: true,
    });
    await accept.click();

    await expect(greeting(page, person.firstName, l)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The registered policy is the user's.
    await expect(
      page.getByText(fill(l.policies.cards.summary.policy, { number: policy })),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: l.dashboard.cards.payment_methods.title })
        .getByText(l.payouts.cards.payment_methods.empty),
    ).toBeVisible();
    await page.screenshot({
      path: `test-results/screens/dashboard-${language}.png`,
      fullPage: true,
    });

    await logOut(page, `${person.firstName} ${person.surname}`, l);
    expect(await page.evaluate(() => sessionStorage.getItem('tern.session'))).toBeNull();
    await page.goto(urlOf(partnerId, '/dashboard'));
    await expect(page.getByTestId('landing')).toBeVisible();

    await signInWithPassword(page, person.email, password, l);
    await expect(greeting(page, person.firstName, l)).toBeVisible();
  });
}

test('turn on two-step verification from the menu, then sign in with a TOTP code', async ({
  page,
  request,
}) => {
  const person = { firstName: 'Mia', surname: 'Factor', email: uniqueEmail('mfa') };
  await registerByApi(request, 'identity', 'NBK-2002', person);
  const fullName = `${person.firstName} ${person.surname}`;

  await page.goto(urlOf('identity'));
  await signInWithPassword(page, person.email, password);
  await expect(greeting(page, person.firstName)).toBeVisible();
  await openUserMenu(page, fullName);
  await page.getByRole('menuitem', { name: locale.header.two_step }).click();
  const dialog = page.getByRole('dialog', { name: locale.accounts.mfa.settings_title });
  await expect(dialog.getByRole('img', { name: locale.accounts.mfa.qr_alt })).toBeVisible();
  // The key an authenticator app would read from the QR code.
  const secret = (await dialog.locator('code').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const enablingCode = totpAt(secret, Date.now());
  await dialog.getByRole('textbox', { name: locale.accounts.mfa.code }).fill(enablingCode);
  await dialog.getByRole('button', { name: locale.accounts.mfa.enable }).click();
  await expect(page.getByText(locale.accounts.notifications.mfa_enabled)).toBeVisible();
  await expect(dialog).toBeHidden();
  await logOut(page, fullName);

  await signInWithPassword(page, person.email, password);
  const codeField = page.getByRole('textbox', { name: locale.accounts.sign_in.code });
  await expect(codeField).toBeVisible();
  // The code that turned MFA on, typed again within its 30 seconds (or the next step's, as the
  // app allows one step of drift): refused, and the person is told to wait for the next one.
  await codeField.fill(enablingCode);
  await page.getByRole('button', { name: locale.accounts.sign_in.verify }).click();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(locale.errors.mfa_code_used)).toBeVisible();
  // A wrong code says so.
  await codeField.fill('000000');
  await page.getByRole('button', { name: locale.accounts.sign_in.verify }).click();
  await expect(page.getByText(locale.errors.invalid_mfa_code)).toBeVisible();
  // The next time step's code: later than the one used to turn MFA on, so never a replay.
  await codeField.fill(totpAt(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: locale.accounts.sign_in.verify }).click();
  await expect(greeting(page, person.firstName)).toBeVisible();
});

test('a name changed in another session shows on the open dashboard without a reload', async ({
  page,
  request,
}) => {
  const person = { firstName: 'Lia', surname: 'Live', email: uniqueEmail('live') };
  await registerByApi(request, 'identity', 'NBK-2003', person);
  await page.goto(urlOf('identity'));
  await signInWithPassword(page, person.email, password);
  await expect(greeting(page, person.firstName)).toBeVisible();

  // Elsewhere (another device): the same person signs in and changes their first name.
  const headers = { 'api-key': apiKeys.identity! };
  const login = await request.post(apiUrl(accountsContracts.login), {
    headers,
    data: { emailAddress: person.email, password, partnerId: 'identity' },
  });
  const { userId, token } = (await login.json()) as { userId: string; token: string };
  const changed = await request.patch(apiUrl(accountsContracts.update, { id: userId }), {
    headers: { ...headers, authorization: `Bearer ${token}` },
    data: { firstName: 'Noor' },
  });
  expect(changed.status()).toBe(200);
  await expect(greeting(page, 'Noor')).toBeVisible({ timeout: 5_000 });
});

test('the pseudo language leaves no unaccented text on the signed-in pages', async ({
  page,
  request,
}) => {
  const pseudo = textsOf('pseudo');
  const person = { firstName: 'Ana', surname: 'Acme', email: uniqueEmail('pseudo') };
  await registerByApi(request, 'travel', 'SKY-2003', person, { acceptTerms: false });
  await page.goto(urlOf('travel', '/?lang=pseudo'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await signInWithPassword(page, person.email, password, pseudo);
  // Data, not texts: the partner's and the person's names, the policy's number and product.
  const data = [
    'Skyward Air',
    `${person.firstName} ${person.surname}`,
    'SKY-2003',
    DEMO_PRODUCT.travel!,
  ];
  const words = () => unaccentedWords(page, data);

  await expect(
    page.getByRole('heading', { level: 1, name: pseudo.content.accept_terms.title }),
  ).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(await words()).toEqual([]);
  await page.getByRole('checkbox', { name: pseudo.content.accept_terms.agree }).check();
  await page.getByRole('button', { name: pseudo.content.accept_terms.accept }).click();

  await expect(greeting(page, person.firstName, pseudo)).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(await words()).toEqual([]);
  await openUserMenu(page, `${person.firstName} ${person.surname}`);
  expect(await words()).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/pseudo-dashboard.png', fullPage: true });
});

test('a session ends 60 minutes after login: back to / with the timeout notice', async ({
  page,
  request,
}) => {
  const person = { firstName: 'Tim', surname: 'Out', email: uniqueEmail('timeout') };
  await registerByApi(request, 'business', 'HBR-2002', person);
  // The browser's clock, so the hour can pass at once; the API keeps real time.
  await page.clock.install();
  await page.goto(urlOf('business'));
  await signInWithPassword(page, person.email, password);
  await expect(greeting(page, person.firstName)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.clock.fastForward('59:00');
  await expect(greeting(page, person.firstName)).toBeVisible();
  await page.clock.fastForward('01:01');
  await expect(page.getByTestId('landing')).toBeVisible();
  await expect(page).toHaveURL(urlOf('business', '/'));
  await expect(page.getByText(locale.session.timeout)).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('tern.session'))).toBeNull();
  await page.screenshot({ path: 'test-results/screens/session-timeout.png', fullPage: true });
});

test('the register screen has no accessibility violations (axe)', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(urlOf('travel', '/register'));
  await expect(
    page.getByRole('heading', { level: 1, name: locale.accounts.register.title }),
  ).toBeVisible();
  // Also with every message of a refused submit on screen.
  await page.getByRole('button', { name: locale.accounts.register.submit }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await context.close();
});

test('sign in with a one-time code read from the outbox', async ({ page, request }) => {
  const person = { firstName: 'Otto', surname: 'Code', email: uniqueEmail('otc') };
  await registerByApi(request, 'business', 'HBR-2001', person);

  await page.goto(urlOf('business'));
  await page.getByRole('link', { name: locale.accounts.sign_in.with_code }).click();
  await page.getByRole('textbox', { name: locale.accounts.otc.identifier }).fill(person.email);
  await page.getByRole('button', { name: locale.accounts.otc.send }).click();
  const codeField = page.getByRole('textbox', { name: locale.accounts.otc.code });
  await expect(codeField).toBeVisible();

  // A wrong code stays on the code field.
  await codeField.fill('000000');
  await page.getByRole('button', { name: locale.accounts.otc.submit }).click();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');

  const message = await latestMessage(request, person.email, 'otc');
  const code = message.text.match(/\b(\d{6})\b/)?.[1];
  expect(code).toBeDefined();
  await codeField.fill(code!);
  await page.getByRole('button', { name: locale.accounts.otc.submit }).click();
  await expect(greeting(page, person.firstName)).toBeVisible();
});

test('forgot password: the emailed link sets a new password, then it signs in', async ({
  page,
  request,
}) => {
  const person = { firstName: 'Rosa', surname: 'Reset', email: uniqueEmail('reset') };
  await registerByApi(request, 'identity', 'NBK-2001', person);

  await page.goto(urlOf('identity'));
  await page.getByRole('link', { name: locale.accounts.sign_in.forgot_password }).click();
  await page
    .getByRole('textbox', { name: locale.accounts.forgot_password.email })
    .fill(person.email);
  await page.getByRole('button', { name: locale.accounts.forgot_password.submit }).click();
  await expect(page.getByText(locale.accounts.notifications.reset_sent).first()).toBeVisible();

  const message = await latestMessage(request, person.email, 'password-reset');
  const link = message.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link).toBeDefined();
  // The link names the partner's own portal.
  expect(new URL(link!).hostname).toBe('identity.localhost');
  await page.goto(link!.replace(/:\d+\//, `:${port}/`));
  await page
    .getByLabel(locale.accounts.reset_password.password, { exact: false })
    .first()
    .fill(renewedPassword);
  await page
    .getByLabel(locale.accounts.reset_password.password_confirm, { exact: false })
    .fill(renewedPassword);
  await page.getByRole('button', { name: locale.accounts.reset_password.submit }).click();

  // The reset does not sign in: back on / with the message.
  await expect(page.getByTestId('landing')).toBeVisible();
  await expect(page.getByText(locale.accounts.notifications.password_changed)).toBeVisible();
  await signInWithPassword(page, person.email, renewedPassword);
  await expect(greeting(page, person.firstName)).toBeVisible();
});

test('an agent acts for a customer behind a banner, then stops acting', async ({
  page,
  request,
}) => {
  const customer = { firstName: 'Cleo', surname: 'Customer', email: uniqueEmail('customer') };
  await registerByApi(request, 'travel', 'SKY-2002', customer);

  await page.goto(urlOf('travel'));
  await signInWithPassword(page, 'agent@travel.example.com', demoPassword);
  // An agent's home is the agent console, not a customer dashboard.
  const agentHome = page.getByRole('heading', { level: 1, name: locale.nav.agent_console });
  await expect(agentHome).toBeVisible();
  await expect(page).toHaveTitle(`${locale.nav.agent_console} · Skyward Air`);
  await expect(page.getByText(locale.policies.cards.summary.empty)).toBeHidden();
  const agentConsole = page.getByRole('region', { name: locale.accounts.agent.find_title });
  await actFor(page, customer);

  const banner = page.getByRole('region', { name: locale.accounts.agent.acting_region });
  // Both identities, in the header.
  await expect(
    page.getByRole('banner').getByRole('region', { name: locale.accounts.agent.acting_region }),
  ).toContainText(`Avery Agent acting for ${customer.firstName} ${customer.surname}`);
  await expect(greeting(page, customer.firstName)).toBeVisible();
  await expect(page.getByText('Policy SKY-2002')).toBeVisible();
  await expect(agentConsole).toBeHidden();
  await page.screenshot({ path: 'test-results/screens/agent-banner.png', fullPage: true });
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await banner.getByRole('button', { name: locale.accounts.agent.stop_acting }).click();
  await expect(agentHome).toBeVisible();
  await expect(banner).toBeHidden();
  await expect(agentConsole).toBeVisible();
});

test('edits my details in Spanish, turns marketing off, and finds them after a reload', async ({
  page,
  request,
}) => {
  const es = textsOf('es');
  const person = { firstName: 'Elena', surname: 'Ruiz', email: uniqueEmail('details') };
  await registerByApi(request, 'business', 'HBR-2003', person);
  await page.goto(urlOf('business', '/?lang=es'));
  await signInWithPassword(page, person.email, password, es);
  await expect(greeting(page, person.firstName, es)).toBeVisible();

  await page
    .getByRole('navigation', { name: es.nav.label })
    .getByRole('link', { name: es.accounts.my_details.title })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: es.accounts.my_details.title }),
  ).toBeVisible();
  await expect(page).toHaveTitle(`${es.accounts.my_details.title} · Harbour Mutual`);
  const surname = page.getByRole('textbox', { name: es.accounts.register.surname });
  await expect(surname).toHaveValue('Ruiz');
  await surname.fill('Ruiz Gómez');
  await page
    .getByRole('radiogroup', { name: es.accounts.my_details.marketing })
    .getByRole('radio', { name: es.accounts.my_details.no_marketing })
    .check();
  await page.getByRole('button', { name: es.accounts.my_details.save }).click();
  await expect(page.getByText(es.accounts.notifications.my_details_update)).toBeVisible();
  await expect(greeting(page, person.firstName, es)).toBeVisible();

  await page.goto(urlOf('business', '/my-details'));
  await page.reload();
  await expect(page.getByRole('textbox', { name: es.accounts.register.surname })).toHaveValue(
    'Ruiz Gómez',
  );
  await expect(
    page
      .getByRole('radiogroup', { name: es.accounts.my_details.marketing })
      .getByRole('radio', { name: es.accounts.my_details.no_marketing }),
  ).toBeChecked();
  await page.screenshot({ path: 'test-results/screens/my-details-es-1280.png', fullPage: true });
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // The policy the account was registered with, on its own page.
  await page
    .getByRole('navigation', { name: es.nav.label })
    .getByRole('link', { name: es.policies.page.title })
    .click();
  await expect(
    page.getByRole('heading', {
      level: 2,
      name: fill(es.policies.cards.summary.policy, { number: 'HBR-2003' }),
    }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/policies-es-1280.png', fullPage: true });
});

test('sends a support request signed out and finds the acknowledgement in the outbox', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('support');
  await page.goto(urlOf('identity', '/help/contact'));
  const form = page.getByRole('region', { name: locale.accounts.support.title });
  await form.getByRole('textbox', { name: locale.accounts.support.name }).fill('Vic Visitor');
  await form.getByRole('textbox', { name: locale.accounts.register.email }).fill(email);
  await form
    .getByRole('textbox', { name: locale.accounts.support.contact_number })
    .fill('2125550123');
  await form.getByRole('textbox', { name: locale.accounts.support.subject }).fill('Alert question');
  await form
    .getByRole('textbox', { name: locale.accounts.support.body })
    .fill('What does my alert mean?');
  await form.getByRole('button', { name: locale.accounts.support.send }).click();
  const status = form.getByRole('status');
  await expect(status).toContainText(/SR-[A-Z2-9]{8}/);
  const reference = (await status.textContent())!.match(/SR-[A-Z2-9]{8}/)![0];
  const receipt = await latestMessage(request, email, 'support-received');
  expect(receipt.text).toContain(reference);
  // The toast saying so too: axe checks the page with it, once it has finished growing in.
  await expect(
    page.getByText(locale.accounts.notifications.message_sent, { exact: true }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/support-sent-1280.png', fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
});
