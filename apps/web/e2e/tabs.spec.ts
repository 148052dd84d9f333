import { expect, test, type Page } from '@playwright/test';
import { accountsContracts, travelContracts } from '@tern/domain';
import {
  accessibilityViolations,
  apiKeys,
  apiUrl,
  fill,
  freshPolicy,
  greeting,
  inDays,
  locale,
  logOut,
  password,
  registerByApi,
  signInWithPassword,
  simOperator,
  someDay,
  uniqueEmail,
  urlOf,
} from './journey.ts';

/**
 * One session across the portal's tabs (issue 25 item 5.3, ADR 0009): a new tab opens signed
 * in, a logout in one tab signs every tab out, and a lounge pass seen once opens with no
 * network in any new tab, with a session in another tab or without one; a logout makes the
 * browser forget it.
 */

const l = locale;
const rs = l.resolutions;

// AC868 (Ottawa) is disrupted here only: no other journey file books it.
const FLIGHT = { flightNumber: 'AC868', origin: 'YOW' };

/** The pass page is kept once the service worker controls it and has its answer. */
async function passKept(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(async () =>
    (await (await caches.open('tern-passes-v1')).keys()).some((request) =>
      request.url.includes('/resolutions/passes/'),
    ),
  );
}

const qrCode = (page: Page) => page.getByRole('img', { name: /QR/ });

test('one session in every tab: a new tab signed in, a logout everywhere, a seen pass offline in a new tab', async ({
  browser,
  request,
}) => {
  test.slow();
  const person = { firstName: 'Tess', surname: 'Tabs', email: uniqueEmail('tabs') };
  const fullName = `${person.firstName} ${person.surname}`;
  await registerByApi(request, 'travel', await freshPolicy(request, 'travel'), person);
  const keyed = { 'api-key': apiKeys.travel! };
  const login = await request.post(apiUrl(accountsContracts.login), {
    headers: keyed,
    data: { emailAddress: person.email, password, partnerId: 'travel' },
  });
  const { token } = (await login.json()) as { token: string };
  const date = inDays(someDay());
  const blinked = await request.post(apiUrl(travelContracts.blinkIt), {
    headers: { ...keyed, authorization: `Bearer ${token}` },
    data: { flights: [{ ...FLIGHT, embarkDate: date }], passengers: 1 },
  });
  expect(blinked.status(), await blinked.text()).toBe(201);

  const context = await browser.newContext();
  const first = await context.newPage();
  await first.goto(urlOf('travel'));
  await signInWithPassword(first, person.email, password);
  await expect(greeting(first, person.firstName)).toBeVisible();

  // A new tab on the dashboard is signed in: the open tab handed it the session.
  const second = await context.newPage();
  await second.goto(urlOf('travel', '/dashboard'));
  await expect(greeting(second, person.firstName)).toBeVisible();
  await expect(second.getByRole('button', { name: fullName })).toBeVisible();

  // A logout in one tab signs the other out.
  await logOut(second, fullName);
  await expect(first.getByTestId('landing')).toBeVisible();
  await expect(first.getByRole('button', { name: fullName })).toBeHidden();
  // …and a new tab then asks for a sign-in: no tab has a session any more.
  await second.goto(urlOf('travel', '/dashboard'));
  await expect(second.getByTestId('landing')).toBeVisible();
  await expect(
    second.getByRole('region', { name: l.accounts.sign_in.title }).getByRole('textbox', {
      name: l.accounts.sign_in.email,
    }),
  ).toBeVisible();

  // Signed in again, the traveller's flight is delayed and a lounge booked: its pass is seen.
  await signInWithPassword(second, person.email, password);
  await expect(greeting(second, person.firstName)).toBeVisible();
  await simOperator('flight', 'delay', FLIGHT.flightNumber, date, '--minutes', '180');
  await second.goto(urlOf('travel', '/insurances'));
  await second
    .getByRole('link', { name: `${l.travel.insurances.resolve} ${FLIGHT.flightNumber}` })
    .click();
  const lounge = second
    .getByRole('list', { name: rs.card.options })
    .getByRole('listitem', { name: rs.types.LOUNGE, exact: true });
  await lounge.getByRole('button', { name: rs.actions.yes }).click();
  const dialog = second.getByRole('dialog', { name: rs.lounge.title });
  await dialog.getByRole('button', { name: rs.actions.book }).click();
  await expect(dialog).toBeHidden();
  await lounge.getByRole('button', { name: rs.actions.confirm }).click();
  // Confirming ends on the options page again: the pass is opened once it has.
  await expect(second.getByText(rs.notifications.resolution_confirm)).toBeVisible();
  await lounge.getByRole('link', { name: fill(rs.actions.view_pass, { name: fullName }) }).click();
  await passKept(second);
  await expect(qrCode(second)).toBeVisible();
  const passUrl = second.url();

  // Offline, a new tab opens the pass, with the session of the open tabs.
  await context.setOffline(true);
  const third = await context.newPage();
  await third.goto(passUrl).catch(() => undefined);
  await expect(qrCode(third)).toBeVisible();
  await expect(third.getByText(rs.pass.offline)).toBeVisible();
  await expect(third.getByRole('button', { name: fullName })).toBeVisible();
  await third.screenshot({
    path: 'test-results/screens/tabs-pass-offline-new-tab.png',
    fullPage: true,
  });
  await third.close();

  // With every tab closed the browser holds no session; offline the pass opens all the same.
  await first.close();
  await second.close();
  const alone = await context.newPage();
  await alone.goto(passUrl).catch(() => undefined);
  await expect(qrCode(alone)).toBeVisible();
  await expect(alone.getByText(rs.pass.offline)).toBeVisible();
  await expect(alone.getByRole('button', { name: fullName })).toBeHidden();
  await expect(alone.getByRole('button', { name: rs.pass.wallet })).toBeHidden();
  await alone.screenshot({
    path: 'test-results/screens/tabs-pass-offline-signed-out.png',
    fullPage: true,
  });
  expect(await accessibilityViolations(alone)).toEqual([]);

  // Back online, the pass is behind a sign-in again; a logout makes the browser forget it.
  await context.setOffline(false);
  await expect(alone.getByTestId('landing')).toBeVisible();
  await signInWithPassword(alone, person.email, password);
  await expect(greeting(alone, person.firstName)).toBeVisible();
  await logOut(alone, fullName);
  // Nothing of the pass is left in the browser: neither the page nor its answer.
  await expect
    .poll(() =>
      alone.evaluate(async () =>
        (await (await caches.open('tern-passes-v1')).keys())
          .map((kept) => kept.url)
          .filter((url) => url.includes('/resolution')),
      ),
    )
    .toEqual([]);
  await context.setOffline(true);
  const afterLogout = await context.newPage();
  await afterLogout.goto(passUrl).catch(() => undefined);
  await expect(qrCode(afterLogout)).toHaveCount(0);
  await context.close();
});
