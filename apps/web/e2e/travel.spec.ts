import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { accountsContracts, policiesContracts, travelContracts } from '@tern/domain';
import {
  accessibilityViolations,
  apiKeys,
  apiUrl,
  demoPassword,
  expectNoSidewaysScroll,
  fill,
  freshPolicy,
  greeting,
  inDays,
  locale,
  password,
  registerByApi,
  signInWithPassword,
  someDay,
  uniqueEmail,
  urlOf,
  simOperator,
} from './journey.ts';
import { choosePassengers, confirmAndBlink, findFlight, startBlink } from './blink-steps.ts';
import { textsOf } from './texts.ts';

/**
 * Travel (issue 13) as a person goes through it: Blink it for a single trip and a return trip
 * for two, a flight the schedule does not know entered by hand and its delay reported, the
 * passenger limit of a policy (and an employee's exemption), a trip's passengers edited and
 * its cover cancelled, and the operator's delay reaching the open page live.
 */

const l = locale;
const tr = l.travel;

/** A session token through the API, for a journey's preparations. */
async function apiSession(request: APIRequestContext, email: string, secret = password) {
  const headers = { 'api-key': apiKeys.travel! };
  const login = await request.post(apiUrl(accountsContracts.login), {
    headers,
    data: { emailAddress: email, password: secret, partnerId: 'travel' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { userId, token } = (await login.json()) as { userId: string; token: string };
  return { userId, headers: { ...headers, authorization: `Bearer ${token}` } };
}

async function addPassengerByApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
  surname: string,
) {
  const res = await request.post(apiUrl(travelContracts.addPassenger), {
    headers,
    data: { name, surname, mobilePhoneNumber: '+14165550142' },
  });
  expect([201, 409]).toContain(res.status());
}

async function newTraveller(page: Page, request: APIRequestContext, label: string) {
  const person = { firstName: 'Tara', surname: 'Traveller', email: uniqueEmail(label) };
  await registerByApi(request, 'travel', await freshPolicy(request, 'travel'), person);
  await page.goto(urlOf('travel'));
  await signInWithPassword(page, person.email, password);
  await expect(greeting(page, person.firstName)).toBeVisible();
  return person;
}

async function openInsurances(page: Page) {
  await page
    .getByRole('navigation', { name: l.nav.label })
    .getByRole('link', { name: tr.insurances.title })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: tr.insurances.title })).toBeVisible();
}

const tripCard = (page: Page, flightNumber: string) =>
  page
    .getByRole('list', { name: tr.insurances.list })
    .getByRole('listitem')
    .filter({ has: page.getByRole('listitem', { name: flightNumber }) });

test('blinks a single trip, then a return trip for two passengers chosen', async ({
  page,
  request,
}) => {
  test.slow();
  await newTraveller(page, request, 'blink');
  // A passenger to travel with, through the passengers page; a name with digits is refused.
  await page
    .getByRole('navigation', { name: l.nav.label })
    .getByRole('link', { name: tr.passengers.title })
    .click();
  await page.getByRole('button', { name: tr.passengers.add }).click();
  const add = page.getByRole('dialog', { name: tr.passengers.add_title });
  await add.getByRole('textbox', { name: tr.passengers.name }).fill('N0ah');
  await add.getByRole('textbox', { name: tr.passengers.surname }).fill('Nash');
  await add.getByRole('textbox', { name: tr.passengers.mobile }).fill('4165550177');
  await add.getByRole('button', { name: tr.passengers.add }).click();
  await expect(add.getByText(l.validation.alphabetic)).toBeVisible();
  await add.getByRole('textbox', { name: tr.passengers.name }).fill('Noah');
  await add.getByRole('button', { name: tr.passengers.add }).click();
  await expect(page.getByText(tr.notifications.passenger_added)).toBeVisible();

  const day = someDay();
  await openInsurances(page);
  await expect(page.getByText(tr.insurances.empty)).toBeVisible();
  await startBlink(page, 'single');
  await findFlight(page, 'ac856', inDays(day));
  await choosePassengers(page, []);
  await confirmAndBlink(page, { readTerms: true });
  const single = tripCard(page, 'AC856');
  await expect(single.getByRole('heading', { name: tr.trip_types.single })).toBeVisible();
  await expect(single.getByTestId('badge-AC856')).toHaveText(tr.badges.scheduled);

  await startBlink(page, 'return');
  await findFlight(page, 'AC856', inDays(day + 2));
  await page
    .getByRole('dialog', { name: fill(tr.add.flights_title, { type: tr.trip_types.return }) })
    .getByRole('button', { name: tr.add.add_flight })
    .click();
  await findFlight(page, 'AC857', inDays(day + 9));
  await choosePassengers(page, ['Noah Nash']);
  await confirmAndBlink(page);
  const back = tripCard(page, 'AC857');
  await expect(back.getByRole('heading', { name: tr.trip_types.return })).toBeVisible();
  await expect(back).toContainText(`AC856 · ${tr.directions.outbound}`);
  await expect(back).toContainText(`AC857 · ${tr.directions.inbound}`);
  await back.getByRole('button', { name: tr.insurances.details }).click();
  const details = page.getByRole('dialog', { name: tr.details.title });
  await expect(details.getByRole('listitem')).toHaveText(['Tara Traveller', 'Noah Nash']);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screens/travel-details.png' });
  await details.getByRole('button', { name: l.app.close }).click();
  await page.screenshot({ path: 'test-results/screens/travel-insurances.png', fullPage: true });
});

test('enters a flight the schedule does not know, then reports its delay and sees Delayed', async ({
  page,
  request,
}) => {
  test.slow();
  await newTraveller(page, request, 'manual');
  const date = inDays(someDay());
  await openInsurances(page);
  await startBlink(page, 'single');
  await findFlight(page, 'AC801', date);
  const manual = page.getByRole('dialog', {
    name: fill(tr.flight_wizard.manual_title, { flight: 'AC801' }),
  });
  await manual.getByLabel(tr.flight_wizard.departure).fill(`${date}T10:00`);
  await manual.getByRole('button', { name: tr.flight_wizard.add }).click();
  await expect(manual.getByText(l.validation.origin)).toBeVisible();
  await manual.getByRole('combobox', { name: tr.flight_wizard.origin }).fill('Trudeau');
  await page.getByRole('option', { name: /\(YUL\)/ }).click();
  await manual.getByRole('button', { name: tr.flight_wizard.add }).click();
  await choosePassengers(page, []);
  await confirmAndBlink(page);

  const trip = tripCard(page, 'AC801');
  await trip.getByRole('button', { name: tr.insurances.update_status }).click();
  const notify = page.getByRole('dialog', {
    name: fill(tr.notify.title, { flight: 'AC801' }),
  });
  await notify.getByRole('radio', { name: tr.notify.delayed }).check();
  await notify.getByLabel(tr.notify.new_departure).fill(`${date}T13:30`);
  await notify.getByRole('button', { name: tr.notify.send }).click();
  await expect(page.getByText(tr.notifications.alert_sent)).toBeVisible();
  await expect(trip.getByTestId('badge-AC801')).toHaveText(tr.badges.delayed);
  await page.screenshot({ path: 'test-results/screens/travel-delayed.png', fullPage: true });
});

test("holds a third passenger to the policy's maxInsured, except for an employee", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const person = await newTraveller(page, request, 'limit');
  const own = await apiSession(request, person.email);
  await addPassengerByApi(request, own.headers, 'Noah', 'Nash');
  await addPassengerByApi(request, own.headers, 'Lea', 'Lund');
  await page.reload();
  await openInsurances(page);
  await startBlink(page, 'single');
  await findFlight(page, 'AC856', inDays(someDay()));
  await choosePassengers(page, ['Noah Nash', 'Lea Lund']);
  const who = page.getByRole('dialog', { name: tr.complete.passengers_title });
  await expect(who.getByText(fill(l.validation.max_passengers, { max: '2' }))).toBeVisible();

  // An employee of the partner, on a policy for two, may cover three.
  const employee = await apiSession(request, 'employee@travel.example.com', demoPassword);
  const policy = await freshPolicy(request, 'travel');
  const attached = await request.put(
    apiUrl(policiesContracts.attach, { id: employee.userId, policyNumber: policy }),
    { headers: employee.headers },
  );
  expect(attached.status(), await attached.text()).toBe(200);
  await addPassengerByApi(request, employee.headers, 'Noah', 'Nash');
  await addPassengerByApi(request, employee.headers, 'Lea', 'Lund');
  const context = await browser.newContext();
  const staff = await context.newPage();
  await staff.goto(urlOf('travel'));
  await signInWithPassword(staff, 'employee@travel.example.com', demoPassword);
  await expect(greeting(staff, 'Eli')).toBeVisible();
  await openInsurances(staff);
  await staff.getByRole('button', { name: tr.insurances.blink_it }).click();
  const start = staff.getByRole('dialog', { name: tr.add.title });
  await start.getByRole('combobox', { name: tr.add.policy }).click();
  await staff.getByRole('option', { name: new RegExp(policy) }).click();
  await start.getByRole('button', { name: tr.add.next }).click();
  await findFlight(staff, 'AC856', inDays(someDay()));
  await choosePassengers(staff, ['Noah Nash', 'Lea Lund']);
  await confirmAndBlink(staff);
  await expect(staff.getByRole('dialog')).toHaveCount(0);
  await context.close();
});

test("edits a trip's passengers, then cancels its cover", async ({ page, request }) => {
  test.slow();
  const person = await newTraveller(page, request, 'edit');
  const own = await apiSession(request, person.email);
  await addPassengerByApi(request, own.headers, 'Noah', 'Nash');
  const blinked = await request.post(apiUrl(travelContracts.blinkIt), {
    headers: own.headers,
    data: {
      flights: [{ flightNumber: 'AC856', embarkDate: inDays(someDay()), origin: 'YYZ' }],
      passengers: 1,
    },
  });
  expect(blinked.status(), await blinked.text()).toBe(201);
  await page.reload();
  await openInsurances(page);
  const trip = tripCard(page, 'AC856');
  await trip.getByRole('button', { name: tr.insurances.edit }).click();
  const edit = page.getByRole('dialog', { name: tr.edit.title });
  await edit.getByRole('checkbox', { name: 'Noah Nash' }).check();
  await edit.getByRole('button', { name: tr.edit.save }).click();
  await expect(page.getByText(tr.notifications.trip_updated)).toBeVisible();
  await trip.getByRole('button', { name: tr.insurances.details }).click();
  const details = page.getByRole('dialog', { name: tr.details.title });
  await expect(details.getByRole('listitem')).toHaveText(['Tara Traveller', 'Noah Nash']);
  await details.getByRole('button', { name: l.app.close }).click();

  await trip.getByRole('button', { name: tr.insurances.cancel }).click();
  await page
    .getByRole('dialog', { name: tr.cancel.title })
    .getByRole('button', { name: tr.cancel.confirm })
    .click();
  await page
    .getByRole('dialog', { name: tr.cancel.sure_title })
    .getByRole('button', { name: tr.cancel.yes })
    .click();
  await expect(page.getByText(tr.notifications.insurance_cancel)).toBeVisible();
  await expect(page.getByText(tr.insurances.empty)).toBeVisible();
});

test("the operator's delay changes the badge on the open page, without a reload, in under 5 s", async ({
  page,
  request,
}) => {
  test.slow();
  const person = await newTraveller(page, request, 'live');
  const own = await apiSession(request, person.email);
  const date = inDays(someDay());
  const blinked = await request.post(apiUrl(travelContracts.blinkIt), {
    headers: own.headers,
    data: { flights: [{ flightNumber: 'AC857', embarkDate: date, origin: 'YQX' }], passengers: 1 },
  });
  expect(blinked.status(), await blinked.text()).toBe(201);
  await page.reload();
  await openInsurances(page);
  const badge = tripCard(page, 'AC857').getByTestId('badge-AC857');
  await expect(badge).toHaveText(tr.badges.scheduled);

  await simOperator('flight', 'delay', 'AC857', date, '--minutes', '180');
  const ordered = Date.now();
  await expect(badge).toHaveText(tr.badges.delayed, { timeout: 5_000 });
  const seconds = (Date.now() - ordered) / 1000;
  console.log(`travel live: the badge changed ${seconds.toFixed(1)} s after the operator's delay`);
  expect(seconds).toBeLessThan(5);
  // The Delayed badge reads at 4.5:1 (it was white on orange, 3.11:1).
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('My insurances and Blink it fit 360 px in ES and FR', async ({ browser, request }) => {
  test.slow();
  const person = { firstName: 'Lena', surname: 'Lang', email: uniqueEmail('travel-360') };
  await registerByApi(request, 'travel', await freshPolicy(request, 'travel'), person);
  const own = await apiSession(request, person.email);
  const blinked = await request.post(apiUrl(travelContracts.blinkIt), {
    headers: own.headers,
    data: {
      flights: [{ flightNumber: 'AC856', embarkDate: inDays(someDay()), origin: 'YYZ' }],
      passengers: 1,
    },
  });
  expect(blinked.status()).toBe(201);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto(urlOf('travel'));
  await signInWithPassword(page, person.email, password);
  await expect(greeting(page, person.firstName)).toBeVisible();
  for (const language of ['es', 'fr'] as const) {
    const t = textsOf(language);
    // A link's `?lang=` sets the language of the visit.
    await page.goto(urlOf('travel', `/insurances?lang=${language}`));
    await expect(
      page.getByRole('heading', { level: 1, name: t.travel.insurances.title }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page, `/insurances in ${language}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({
      path: `test-results/screens/travel-insurances-360-${language}.png`,
      fullPage: true,
    });
    await page.getByRole('button', { name: t.travel.insurances.blink_it }).click();
    await expect(page.getByRole('dialog', { name: t.travel.add.title })).toBeVisible();
    await expectNoSidewaysScroll(page, `Blink it in ${language}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/screens/travel-blink-360-${language}.png` });
    await page.keyboard.press('Escape');
  }
  await context.close();
});
