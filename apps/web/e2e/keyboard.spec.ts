import { expect, test, type APIRequestContext } from '@playwright/test';
import { accountsContracts, travelContracts } from '@tern/domain';
import {
  apiKeys,
  apiUrl,
  fill,
  freshPolicy,
  greeting,
  inDays,
  locale,
  password,
  registerByApi,
  simOperator,
  someDay,
  uniqueEmail,
  urlOf,
} from './journey.ts';
import {
  arrowTo,
  expectFocusInside,
  expectFocusVisible,
  followNavLink,
  retype,
  signInByKeyboard,
  tabTo,
} from './keyboard.ts';

/**
 * Journeys of a person with only a keyboard (issue 31 item 9): after the first page load, no
 * click and no filled field, only keys. Each stop's focus shows; a dialog opens with the
 * focus inside it and gives it back to what opened it; an error is announced or takes the
 * focus. The bag report and the claim dispute are the last journeys of luggage.spec.ts and
 * claims.spec.ts (their projects move the server's clock).
 */

const l = locale;
const tr = l.travel;
const rs = l.resolutions;
const m = l.monitoring;

// A date input takes its digits in the browser's order: month, day, year in en-US.
test.use({ locale: 'en-US' });
const dateKeys = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-');
  return `${month}${day}${year}`;
};

/** A customer of `partnerId` registered through the API, with its API session. */
async function customer(
  request: APIRequestContext,
  partnerId: string,
  person: { firstName: string; surname: string; email: string },
) {
  await registerByApi(request, partnerId, await freshPolicy(request, partnerId), person);
  const keyed = { 'api-key': apiKeys[partnerId]! };
  const login = await request.post(apiUrl(accountsContracts.login), {
    headers: keyed,
    data: { emailAddress: person.email, password, partnerId },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { userId, token } = (await login.json()) as { userId: string; token: string };
  return { userId, headers: { ...keyed, authorization: `Bearer ${token}` } };
}

/** A travel companion added through the API; answers the passengers' ids (the holder first). */
async function withCompanion(
  request: APIRequestContext,
  session: { userId: string; headers: Record<string, string> },
  name: string,
  surname: string,
) {
  const added = await request.post(apiUrl(travelContracts.addPassenger), {
    headers: session.headers,
    data: { name, surname, mobilePhoneNumber: '+14165550142' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const listed = await request.get(
    `${apiUrl(travelContracts.passengers)}?userId=${session.userId}`,
    { headers: session.headers },
  );
  return ((await listed.json()) as { passengerId: string }[]).map((p) => p.passengerId);
}

test('signs in with the keyboard: the skip link, a refused form, then the dashboard and out through the user menu', async ({
  page,
  request,
}) => {
  const person = { firstName: 'Kit', surname: 'Keys', email: uniqueEmail('kbd-sign-in') };
  await registerByApi(request, 'business', await freshPolicy(request, 'business'), person);
  await page.goto(urlOf('business'));
  await expect(page.getByTestId('landing')).toBeVisible();

  // The first Tab reaches the skip link, which takes the focus past the header.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: l.app.skip_to_content })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  const card = page.getByRole('region', { name: l.accounts.sign_in.title });
  const email = card.getByRole('textbox', { name: l.accounts.sign_in.email });
  const secret = card.getByLabel(l.accounts.sign_in.password, { exact: false });
  await tabTo(page, email, { limit: 3 });
  // Sent empty: the first field in error takes the focus, its message read with it.
  await page.keyboard.press('Enter');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(l.validation.required);
  await page.keyboard.type(person.email);
  await page.keyboard.press('Tab');
  await expect(secret).toBeFocused();
  await page.keyboard.type('Not-the-password-1');
  await page.keyboard.press('Enter');
  // Refused: said aloud (an alert), the focus left where the person retypes.
  await expect(
    page.getByRole('alert').filter({ hasText: l.errors.incorrect_credentials }),
  ).toBeVisible();
  await expect(secret).toBeFocused();
  await retype(page, password);
  await page.keyboard.press('Enter');

  await expect(greeting(page, person.firstName)).toBeVisible();
  // The signed-out page went with the focus: the new page's content has it.
  await expect(page.getByRole('main')).toBeFocused();

  // The user menu: Escape closes it and gives the focus back to its button.
  const fullName = `${person.firstName} ${person.surname}`;
  const menuButton = page.getByRole('button', { name: fullName });
  await tabTo(page, menuButton, { back: true, limit: 3 });
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expectFocusInside(menu);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Space');
  await expectFocusInside(menu);
  const logOut = menu.getByRole('menuitem', { name: l.header.log_out });
  await arrowTo(page, logOut);
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('landing')).toBeVisible();
  await expect(page.getByRole('main')).toBeFocused();
  await tabTo(page, email, { limit: 3 });
});

// AC873 (St. John's) and AC872 (Calgary) are booked here only: no other journey file's
// trip or disruption lands on them.
test('Blinks a trip for two with the keyboard: each dialog takes the focus, a missing date takes it back, and the focus returns to Blink it', async ({
  page,
  request,
}) => {
  test.slow();
  const person = { firstName: 'Kai', surname: 'Keys', email: uniqueEmail('kbd-blink') };
  await withCompanion(request, await customer(request, 'travel', person), 'Nia', 'Keys');
  const date = inDays(someDay());
  await page.goto(urlOf('travel'));
  await signInByKeyboard(page, person, password);
  await followNavLink(page, tr.insurances.title);
  await expect(page.getByRole('heading', { level: 1, name: tr.insurances.title })).toBeVisible();

  const blink = page.getByRole('button', { name: tr.insurances.blink_it });
  await tabTo(page, blink);
  await page.keyboard.press('Enter');
  const start = page.getByRole('dialog', { name: tr.add.title });
  await expectFocusInside(start);
  // Escape gives up, and the focus is back on Blink it.
  await page.keyboard.press('Escape');
  await expect(start).toBeHidden();
  await expect(blink).toBeFocused();
  await page.keyboard.press('Space');
  await expectFocusInside(start);
  // The trip type: arrows move the choice within the group.
  const single = start.getByRole('radio', { name: tr.trip_types.single });
  await tabTo(page, single);
  await page.keyboard.press('ArrowDown');
  await expect(start.getByRole('radio', { name: tr.trip_types.return })).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(single).toBeChecked();
  await expect(single).toBeFocused();
  await tabTo(page, start.getByRole('button', { name: tr.add.next }));
  await page.keyboard.press('Enter');

  const wizard = page.getByRole('dialog', { name: tr.flight_wizard.title });
  await expectFocusInside(wizard);
  await tabTo(page, wizard.getByRole('textbox', { name: tr.flight_wizard.flight_number }));
  await page.keyboard.type('ac873');
  // Sent without its date: the date field takes the focus and says why.
  await page.keyboard.press('Enter');
  const day = wizard.getByLabel(tr.flight_wizard.date);
  await expect(day).toBeFocused();
  await expect(day).toHaveAttribute('aria-invalid', 'true');
  await expect(day).toHaveAccessibleDescription(l.validation.required);
  await page.keyboard.type(dateKeys(date));
  await expect(day).toHaveValue(date);
  await page.keyboard.press('Enter');

  const who = page.getByRole('dialog', { name: tr.complete.passengers_title });
  await expectFocusInside(who);
  const companion = who.getByRole('checkbox', { name: 'Nia Keys' });
  await tabTo(page, companion);
  await page.keyboard.press('Space');
  await expect(companion).toBeChecked();
  await tabTo(page, who.getByRole('button', { name: tr.complete.next }));
  await page.keyboard.press('Enter');

  const confirm = page.getByRole('dialog', { name: tr.complete.confirm_title });
  await expectFocusInside(confirm);
  const accept = confirm.getByRole('checkbox', { name: fill(tr.complete.tob, {}) });
  await tabTo(page, accept);
  await page.keyboard.press('Space');
  await expect(accept).toBeChecked();
  await tabTo(page, confirm.getByRole('button', { name: tr.complete.blink }));
  await page.keyboard.press('Enter');
  const done = page.getByRole('dialog', { name: tr.complete.blinked_title });
  await expectFocusInside(done);
  await tabTo(page, done.getByRole('button', { name: tr.complete.close, exact: true }).last());
  await page.keyboard.press('Enter');
  await expect(done).toBeHidden();
  // Back where the journey began.
  await expect(blink).toBeFocused();
  const trip = page
    .getByRole('list', { name: tr.insurances.list })
    .getByRole('listitem')
    .filter({ has: page.getByRole('listitem', { name: 'AC873' }) });
  await expect(trip.getByRole('heading', { name: tr.trip_types.single })).toBeVisible();
});

test('takes a resolution with the keyboard: the Resolve link, the lounge form refused then booked, the booking confirmed', async ({
  page,
  request,
}) => {
  test.slow();
  const person = { firstName: 'Kira', surname: 'Keys', email: uniqueEmail('kbd-resolve') };
  const session = await customer(request, 'travel', person);
  const passengers = await withCompanion(request, session, 'Cole', 'Keys');
  const date = inDays(someDay());
  const blinked = await request.post(apiUrl(travelContracts.blinkIt), {
    headers: session.headers,
    data: { flights: [{ flightNumber: 'AC872', origin: 'YXC', embarkDate: date }], passengers },
  });
  expect(blinked.status(), await blinked.text()).toBe(201);
  await simOperator('flight', 'delay', 'AC872', date, '--minutes', '180');
  await page.goto(urlOf('travel'));
  await signInByKeyboard(page, person, password);
  await followNavLink(page, tr.insurances.title);

  await tabTo(page, page.getByRole('link', { name: `${tr.insurances.resolve} AC872` }));
  await page.keyboard.press('Enter');
  const lounge = page
    .getByRole('list', { name: rs.card.options })
    .getByRole('listitem', { name: rs.types.LOUNGE, exact: true });
  await expect(lounge.getByText(rs.lounge.question)).toBeVisible();
  await expect(page.getByRole('main')).toBeFocused();
  const yes = lounge.getByRole('button', { name: rs.actions.yes });
  await tabTo(page, yes);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: rs.lounge.title });
  await expectFocusInside(dialog);
  // A name with a digit: refused, the field takes the focus back and says why.
  const firstName = dialog.getByRole('textbox', { name: rs.lounge.first_name });
  await tabTo(page, firstName);
  await retype(page, 'K1ra');
  await tabTo(page, dialog.getByRole('button', { name: rs.actions.book }));
  await page.keyboard.press('Enter');
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAccessibleDescription(l.validation.alphabetic);
  await retype(page, 'Kira');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(lounge.getByText(rs.status.Booked, { exact: true })).toBeVisible();
  // The Yes that opened the form is gone: the focus is on the card's next step, not lost.
  const confirm = lounge.getByRole('button', { name: rs.actions.confirm });
  await expect(confirm).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  // Confirmed: a pass for each guest replaces Confirm, the first of them has the focus.
  const passes = lounge.getByRole('link', {
    name: new RegExp(`^(${fill(rs.actions.view_pass, { name: '(Kira|Cole) Keys' })})$`),
  });
  await expect(passes).toHaveCount(2);
  await expect(passes.first()).toBeFocused();
  await expectFocusVisible(page);
  await tabTo(page, passes.nth(1), { limit: 1 });
});

test('adds a monitored item with the keyboard: the type opened, the add form refused then sent, the focus back on its button', async ({
  page,
  request,
}) => {
  test.slow();
  const person = { firstName: 'Kofi', surname: 'Keys', email: uniqueEmail('kbd-monitor') };
  await customer(request, 'identity', person);
  await page.goto(urlOf('identity'));
  await signInByKeyboard(page, person, password);
  await followNavLink(page, m.title);
  await expect(page.getByRole('heading', { level: 1, name: m.title })).toBeVisible();

  const summary = page.getByRole('button', { name: new RegExp(`^${m.types.EMAIL_ADDRESS.label}`) });
  await tabTo(page, summary);
  await page.keyboard.press('Enter');
  await expect(summary).toHaveAttribute('aria-expanded', 'true');
  const add = page.getByRole('button', { name: m.types.EMAIL_ADDRESS.add });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expectFocusInside(dialog);
  await tabTo(page, dialog.getByRole('textbox', { name: m.form.friendly_name }));
  await page.keyboard.type('Work');
  const value = dialog.getByRole('textbox', { name: m.types.EMAIL_ADDRESS.value });
  await tabTo(page, value);
  await page.keyboard.type('kofi at example');
  await page.keyboard.press('Enter');
  await expect(value).toBeFocused();
  await expect(value).toHaveAttribute('aria-invalid', 'true');
  const item = uniqueEmail('kbd-item');
  await retype(page, item);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const row = page.locator('.MuiAccordion-root').filter({ has: summary });
  await expect(row.getByText(`${item.slice(0, 2)}****@`, { exact: false })).toBeVisible();
  await expect(add).toBeFocused();

  // The item's menu: opened from its button, Escape gives the focus back.
  const actions = row.getByRole('button', { name: fill(m.item.actions, { name: 'Work' }) });
  await tabTo(page, actions, { back: true });
  await page.keyboard.press('Enter');
  await expectFocusInside(page.getByRole('menu'));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(actions).toBeFocused();
});
