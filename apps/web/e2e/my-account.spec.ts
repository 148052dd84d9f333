import { expect, test, type Page } from '@playwright/test';
import { accountsContracts } from '@tern/domain';
import {
  accessibilityViolations,
  actFor,
  apiUrl,
  demoPassword,
  fill,
  freshPolicy,
  greeting,
  latestMessage,
  locale,
  logOut,
  partnerServer,
  password,
  port,
  registerByApi,
  signInWithPassword,
  uniqueEmail,
  urlOf,
} from './journey.ts';
import { textsOf } from './texts.ts';

/**
 * My account (issue 11) as a person goes through it: the sign-in email and mobile number
 * changed with the password and a code, a policy added by its number and cancelled by staff,
 * and enrolment from a link invitation. Codes and links are read from the simulated outbox.
 */

async function openMyDetails(page: Page) {
  await page
    .getByRole('navigation', { name: locale.nav.label })
    .getByRole('link', { name: locale.accounts.my_details.title })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: locale.accounts.my_details.title }),
  ).toBeVisible();
}

test('changes the sign-in email with the password and the code sent to it, then signs in with it', async ({
  page,
  request,
}) => {
  const person = { firstName: 'Esme', surname: 'Email', email: uniqueEmail('email-from') };
  await registerByApi(request, 'travel', await freshPolicy(request, 'travel'), person);
  await page.goto(urlOf('travel'));
  await signInWithPassword(page, person.email, password);
  await expect(greeting(page, person.firstName)).toBeVisible();
  await openMyDetails(page);

  const newEmail = uniqueEmail('email-to');
  await page.getByRole('button', { name: locale.accounts.my_details.change_email }).click();
  const change = page.getByRole('dialog', { name: locale.accounts.my_details.email_title });
  await change.getByRole('textbox', { name: locale.accounts.my_details.email_new }).fill(newEmail);
  await change.getByLabel(locale.accounts.my_details.proof_password).fill(password);
  await page.screenshot({ path: 'test-results/screens/change-email-1280.png', fullPage: true });
  await change.getByRole('button', { name: locale.accounts.my_details.email_send }).click();

  const confirm = page.getByRole('dialog', { name: locale.accounts.my_details.email_code_title });
  await expect(confirm).toContainText(newEmail);
  const code = (await latestMessage(request, newEmail, 'email-confirm')).text.match(
    /\b\d{6}\b/,
  )![0];
  await confirm.getByRole('textbox').fill(code);
  await confirm
    .getByRole('button', { name: locale.accounts.my_details.mobile_code_submit })
    .click();
  await expect(
    page.getByText(fill(locale.accounts.notifications.email_changed, { email: newEmail })),
  ).toBeVisible();
  // The old address is told.
  expect((await latestMessage(request, person.email, 'email-changed')).text).toContain(newEmail);

  await logOut(page, `${person.firstName} ${person.surname}`);
  await signInWithPassword(page, newEmail, password);
  await expect(greeting(page, person.firstName)).toBeVisible();
});

test('changes the mobile number with the password and confirms it with the code texted to it', async ({
  page,
  request,
}) => {
  const person = { firstName: 'Milo', surname: 'Mobile', email: uniqueEmail('mobile') };
  await registerByApi(request, 'business', await freshPolicy(request, 'business'), person);
  await page.goto(urlOf('business'));
  await signInWithPassword(page, person.email, password);
  await expect(greeting(page, person.firstName)).toBeVisible();
  await openMyDetails(page);

  await page.getByRole('button', { name: locale.accounts.my_details.change_mobile }).click();
  const change = page.getByRole('dialog', { name: locale.accounts.my_details.mobile_title });
  await change
    .getByRole('textbox', { name: locale.accounts.my_details.mobile_new, exact: false })
    .fill('4165550177');
  await change.getByLabel(locale.accounts.my_details.proof_password).fill(password);
  await change.getByRole('button', { name: locale.accounts.my_details.mobile_save }).click();

  const confirm = page.getByRole('dialog', { name: locale.accounts.my_details.mobile_code_title });
  await expect(confirm).toContainText('+14165550177');
  const code = (await latestMessage(request, '+14165550177', 'mobile-confirm')).text.match(
    /\b\d{6}\b/,
  )![0];
  await confirm.getByRole('textbox').fill(code);
  await confirm
    .getByRole('button', { name: locale.accounts.my_details.mobile_code_submit })
    .click();
  await expect(page.getByText(locale.accounts.notifications.mobile_confirmed)).toBeVisible();
  await expect(
    page.getByRole('textbox', { name: locale.accounts.register.mobile, exact: true }),
  ).toHaveValue('+14165550177');
});

test('adds a policy by its number and sees it first while open-ended; staff acting for the customer cancel it', async ({
  page,
  request,
}) => {
  const person = { firstName: 'Pia', surname: 'Policy', email: uniqueEmail('policy') };
  // The account's first policy ends in a year; the one added is open-ended, so it leads.
  await registerByApi(
    request,
    'travel',
    await freshPolicy(request, 'travel', { endDays: 365 }),
    person,
  );
  const added = await freshPolicy(request, 'travel', { startDays: -5 });
  await page.goto(urlOf('travel'));
  await signInWithPassword(page, person.email, password);
  await expect(greeting(page, person.firstName)).toBeVisible();
  await page
    .getByRole('navigation', { name: locale.nav.label })
    .getByRole('link', { name: locale.policies.page.title })
    .click();
  await page.getByRole('button', { name: locale.policies.page.add }).click();
  const dialog = page.getByRole('dialog', { name: locale.policies.add.title });
  const number = dialog.getByRole('textbox', { name: locale.policies.add.number });
  // A number the partner does not have is refused on the field.
  await number.fill('NOPE-0000');
  await dialog.getByRole('button', { name: locale.policies.add.submit }).click();
  await expect(number).toHaveAccessibleDescription(/policy/i);
  await number.fill(added.toLowerCase());
  await dialog.getByRole('button', { name: locale.policies.add.submit }).click();
  await expect(
    page.getByText(fill(locale.policies.notifications.policy_added, { number: added })),
  ).toBeVisible();
  const headings = page
    .getByRole('list', { name: locale.policies.cards.summary.policies })
    .getByRole('heading', { level: 2 });
  await expect(headings.first()).toHaveText(
    fill(locale.policies.cards.summary.policy, { number: added }),
  );
  await expect(headings).toHaveCount(2);
  await page.screenshot({ path: 'test-results/screens/policies-added-1280.png', fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
  await logOut(page, `${person.firstName} ${person.surname}`);

  // The partner's staff cancel it, acting for the customer.
  await signInWithPassword(page, 'agent@travel.example.com', demoPassword);
  await actFor(page, person);
  await expect(greeting(page, person.firstName)).toBeVisible();
  await page.goto(urlOf('travel', '/policies'));
  await page.getByRole('button', { name: `${locale.policies.page.cancel} ${added}` }).click();
  const sure = page.getByRole('dialog', {
    name: fill(locale.policies.cancel.title, { number: added }),
  });
  await page.screenshot({ path: 'test-results/screens/policy-cancel-1280.png', fullPage: true });
  await sure.getByRole('button', { name: locale.policies.cancel.confirm }).click();
  await expect(page.getByText(locale.policies.notifications.insurance_cancel)).toBeVisible();
  await expect(headings).toHaveCount(1);
  await expect(
    page.getByRole('heading', {
      name: fill(locale.policies.cards.summary.policy, { number: added }),
    }),
  ).toBeHidden();
});

test('opens an invitation link, enrols and lands on the dashboard; the same link again warns it was used', async ({
  page,
  request,
}) => {
  const es = textsOf('es');
  const email = uniqueEmail('enrol');
  const policy = await freshPolicy(request, 'business');
  const invited = await request.post(
    apiUrl(accountsContracts.createLink, { partnerId: 'business' }),
    {
      headers: partnerServer('business'),
      data: {
        firstName: 'Inés',
        surname: 'Invitada',
        mobilePhoneNumber: '+34612345678',
        emailAddress: email,
        externalPolicyNumber: policy,
        locale: 'es-ES',
      },
    },
  );
  expect(invited.status(), await invited.text()).toBe(201);
  // The link as the customer gets it: in the invitation email, in their language.
  const message = await latestMessage(request, email, 'link-invitation');
  const link = message.text.match(/https?:\/\/\S+\/link\/[A-Za-z0-9_-]+/)![0];
  const portalLink = `${link.replace(/:\d+\//, `:${port}/`)}?lang=es`;

  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(portalLink);
  await expect(
    page.getByRole('heading', { level: 1, name: es.accounts.enrol.title }),
  ).toBeVisible();
  await expect(
    page.getByRole('textbox', { name: es.accounts.register.first_name, exact: true }),
  ).toHaveValue('Inés');
  await expect(
    page.getByRole('textbox', { name: es.accounts.register.email, exact: true }),
  ).toHaveValue(email);
  await page.getByLabel(es.accounts.register.password, { exact: false }).first().fill(password);
  await page.getByLabel(es.accounts.register.password_confirm, { exact: false }).fill(password);
  await page.screenshot({ path: 'test-results/screens/enrol-es-360.png', fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: es.accounts.enrol.submit }).click();

  // A new account accepts the partner's terms first, then lands on the dashboard.
  await page.getByRole('checkbox', { name: es.content.accept_terms.agree }).check();
  await page.getByRole('button', { name: es.content.accept_terms.accept }).click();
  await expect(greeting(page, 'Inés', es)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByText(fill(es.policies.cards.summary.policy, { number: policy })),
  ).toBeVisible();
  await page.screenshot({
    path: 'test-results/screens/enrolled-dashboard-es-360.png',
    fullPage: true,
  });

  await page.setViewportSize({ width: 1280, height: 800 });
  await logOut(page, 'Inés Invitada', es);
  await page.goto(portalLink);
  await expect(page.getByText(es.errors.link_already_used)).toBeVisible();
  await expect(page).toHaveURL(urlOf('business', '/'));
  await expect(page.getByTestId('landing')).toBeVisible();
});
