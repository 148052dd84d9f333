import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accountsContracts, travelContracts } from '@tern/domain';
import {
  accessibilityViolations,
  apiKeys,
  demoPassword,
  fill,
  apiUrl,
  freshPolicy,
  greeting,
  locale,
  password,
  registerByApi,
  signInWithPassword,
  uniqueEmail,
  urlOf,
} from './journey.ts';

/**
 * Disruption resolutions (issue 14) as a traveller meets them: the operator delays their
 * flight, the options appear on the open page, they take the lounge for two and open a pass
 * (again with no network), then points; a cancelled flight brings a new flight and a hotel,
 * and an agent acting for them rejects an option with a reason that shows in the timeline.
 */

const l = locale;
const rs = l.resolutions;
const tr = l.travel;
const run = promisify(execFile);

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const someDay = () => 20 + Math.floor(Math.random() * 280);

/** The simulated world's operator, as the README shows it, on the journey server's database. */
const operator = (...args: string[]) =>
  run('npx', ['tsx', 'apps/api/src/cli/sim.ts', ...args], {
    env: {
      ...process.env,
      DATA_DIR: '.data/e2e',
      NODE_ENV: 'development',
      ENCRYPTION_KEY: 'ZTJlLWpvdXJuZXlzLW9ubHktbm90LWEtcmVhbC1rZXk=',
    },
  });

/** A new traveller signed in, with a companion, insured on one flight for both. */
async function travellerOnFlight(
  page: Page,
  request: APIRequestContext,
  flight: { flightNumber: string; origin: string },
) {
  const person = { firstName: 'Rhea', surname: 'Resolve', email: uniqueEmail('resolve') };
  await registerByApi(request, 'travel', await freshPolicy(request, 'travel'), person);
  const keyed = { 'api-key': apiKeys.travel! };
  const login = await request.post(apiUrl(accountsContracts.login), {
    headers: keyed,
    data: { emailAddress: person.email, password, partnerId: 'travel' },
  });
  const { userId, token } = (await login.json()) as { userId: string; token: string };
  const headers = { ...keyed, authorization: `Bearer ${token}` };
  await request.post(apiUrl(travelContracts.addPassenger), {
    headers,
    data: { name: 'Cole', surname: 'Companion', mobilePhoneNumber: '+14165550142' },
  });
  const listed = await request.get(`${apiUrl(travelContracts.passengers)}?userId=${userId}`, {
    headers,
  });
  const passengers = ((await listed.json()) as { passengerId: string }[]).map((p) => p.passengerId);
  const date = inDays(someDay());
  const blinked = await request.post(apiUrl(travelContracts.blinkIt), {
    headers,
    data: { flights: [{ ...flight, embarkDate: date }], passengers },
  });
  expect(blinked.status(), await blinked.text()).toBe(201);
  await page.goto(urlOf('travel'));
  await signInWithPassword(page, person.email, password);
  await expect(greeting(page, person.firstName)).toBeVisible();
  await page
    .getByRole('navigation', { name: l.nav.label })
    .getByRole('link', { name: tr.insurances.title })
    .click();
  return { person, date };
}

const option = (page: Page, name: string) =>
  page.getByRole('list', { name: rs.card.options }).getByRole('listitem', { name, exact: true });

test('a delay brings the lounge live: booked for two, a pass with its QR that opens offline, then points', async ({
  page,
  request,
}) => {
  test.slow();
  const { date } = await travellerOnFlight(page, request, { flightNumber: 'AC857', origin: 'YQX' });
  await operator('flight', 'delay', 'AC857', date, '--minutes', '180');
  const ordered = Date.now();
  // The Resolve button appears on the open page, then the options behind it.
  await page.getByRole('link', { name: `${tr.insurances.resolve} AC857` }).click();
  const lounge = option(page, rs.types.LOUNGE);
  await expect(lounge.getByText(rs.lounge.question)).toBeVisible();
  console.log(
    `resolutions live: options shown ${((Date.now() - ordered) / 1000).toFixed(1)} s after the operator's delay`,
  );
  expect(await accessibilityViolations(page)).toEqual([]);

  await lounge.getByRole('button', { name: rs.actions.yes }).click();
  const dialog = page.getByRole('dialog', { name: rs.lounge.title });
  // Names are letters only.
  await dialog.getByRole('textbox', { name: rs.lounge.first_name }).fill('Rh3a');
  await dialog.getByRole('button', { name: rs.actions.book }).click();
  await expect(dialog.getByText(l.validation.alphabetic)).toBeVisible();
  await dialog.getByRole('textbox', { name: rs.lounge.first_name }).fill('Rhea');
  await dialog.getByRole('button', { name: rs.actions.book }).click();
  await expect(dialog).toBeHidden();
  await expect(lounge.getByText(rs.status.Booked, { exact: true })).toBeVisible();
  await lounge.getByRole('button', { name: rs.actions.confirm }).click();
  const pass = lounge.getByRole('link', { name: 'Pass for Cole Companion' });
  await expect(pass).toBeVisible();
  await expect(lounge.getByRole('link', { name: 'Pass for Rhea Resolve' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/resolutions-lounge.png', fullPage: true });

  await pass.click();
  const qr = page.getByRole('img', { name: /QR/ });
  // The page is kept by the service worker once it controls it (it loads once more then).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(async () =>
    (await (await caches.open('tern-passes-v1')).keys()).some((request) =>
      request.url.includes('/resolutions/passes/'),
    ),
  );
  await expect(qr).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/resolutions-pass.png', fullPage: true });
  const url = page.url();
  await page.context().setOffline(true);
  await page.goto(url).catch(() => undefined);
  await expect(page.getByRole('img', { name: /QR/ })).toBeVisible();
  await expect(page.getByText(rs.pass.offline)).toBeVisible();
  await page.screenshot({
    path: 'test-results/screens/resolutions-pass-offline.png',
    fullPage: true,
  });
  await page.context().setOffline(false);

  // Next: cash or points. Points, confirmed.
  await page.goto(urlOf('travel', '/insurances'));
  await page.getByRole('link', { name: `${tr.insurances.resolve} AC857` }).click();
  const combined = option(
    page,
    fill(rs.types.combined, { kinds: `${rs.types.CASH} / ${rs.types.POINTS}` }),
  );
  await combined.getByRole('radio', { name: new RegExp(`^${rs.types.POINTS}`) }).check();
  await combined.getByRole('button', { name: rs.actions.confirm_selection }).click();
  await combined.getByRole('button', { name: rs.actions.claim }).click();
  await page.getByRole('dialog').getByRole('button', { name: rs.actions.confirm }).click();
  await expect(
    page.getByText('Thank you: 10,000 points have been added to your account.'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: rs.timeline.title })).toContainText(
    'reached the 180-minute threshold',
  );
});

test('a cancelled flight brings a new flight and a hotel; an agent rejects an option with a reason', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const { person, date } = await travellerOnFlight(page, request, {
    flightNumber: 'AC856',
    origin: 'YYZ',
  });
  await operator('flight', 'cancel', 'AC856', date);
  await page.getByRole('link', { name: `${tr.insurances.resolve} AC856` }).click();
  const rebooking = option(page, rs.types.REBOOKING);
  await rebooking.getByRole('button', { name: rs.actions.yes }).click();
  await rebooking.getByRole('radio').first().check();
  await rebooking.getByRole('button', { name: rs.actions.book }).click();
  await expect(rebooking.getByText(rs.rebooking.booked)).toBeVisible();
  await expect(rebooking.getByText(/Confirmation [A-Z0-9]{6}/)).toBeVisible();
  // The customer sees the next option only: the hotel once the flight is settled.
  const hotel = option(page, rs.types.HOTEL);
  await hotel.getByRole('button', { name: rs.actions.yes }).click();
  await hotel.getByRole('radio').first().check();
  await hotel.getByRole('button', { name: rs.actions.book }).click();
  await expect(hotel.getByText(/Your room at .+ is booked/)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/resolutions-cancelled.png', fullPage: true });

  // An agent acts for the customer and rejects the hotel with a reason.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await agent.goto(urlOf('travel'));
  await signInWithPassword(agent, 'agent@travel.example.com', demoPassword);
  const agentConsole = agent.getByRole('region', { name: l.accounts.agent.find_title });
  await agentConsole
    .getByRole('searchbox', { name: l.accounts.agent.search_label })
    .fill(person.email);
  await agentConsole.getByRole('button', { name: l.accounts.agent.search }).click();
  await agentConsole
    .getByRole('button', { name: `Act for ${person.firstName} ${person.surname}` })
    .click();
  await expect(agent.getByRole('region', { name: l.accounts.agent.acting_region })).toBeVisible();
  await agent.goto(page.url());
  // Staff see every option, with the overrides under each.
  const agentHotel = option(agent, rs.types.HOTEL);
  await expect(agentHotel).toBeVisible();
  await agent.getByRole('button', { name: rs.agent.reject }).last().click();
  const dialog = agent.getByRole('dialog');
  await dialog.getByRole('textbox', { name: rs.agent.reason }).fill('Guest stays with family');
  await dialog.getByRole('button', { name: rs.agent.confirm }).click();
  await expect(agentHotel.getByText(rs.status.Rejected, { exact: true })).toBeVisible();
  await agentContext.close();
  // The customer's open page shows it in the timeline.
  await expect(page.getByRole('region', { name: rs.timeline.title })).toContainText(
    'Reason: Guest stays with family',
  );
});
