import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { travelContracts } from '@tern/domain/travel/contracts';
import type { FlightOption } from '@tern/domain/travel/requests';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../core/session/session-store.ts';
import {
  apiError,
  fakeApi,
  ids,
  passengerOf,
  requestsTo,
  tripOf,
  userDetails,
  type FakeRoutes,
} from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { themeConfigFixture } from '../../../test/theme-config-fixture.ts';

const companion = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const third = '99999999-9999-4999-8999-999999999999';

const option = (overrides: Partial<FlightOption> = {}): FlightOption => ({
  flightNumber: 'AC856',
  embarkDate: '2026-12-01',
  embarkTime: '08:05',
  origin: 'YYZ',
  originAirport: 'Lester B. Pearson International Airport',
  destination: 'YQR',
  destinationAirport: 'Regina International Airport',
  arrivalDate: '2026-12-01',
  arrivalTime: '10:05',
  terminal: '1',
  direction: 'outbound',
  flightType: 'main',
  totalPassengers: 296,
  userProvided: 0,
  ...overrides,
});

const routes = (extra: FakeRoutes = {}): FakeRoutes => ({
  'travel.passengers': () => [
    passengerOf(),
    passengerOf({ passengerId: companion, name: 'Noah', accountHolder: 0 }),
    passengerOf({ passengerId: third, name: 'Léa', surname: "D'Arcy", accountHolder: 0 }),
  ],
  'travel.validateFlight': ({ query }) => ({
    flights: [option({ flightNumber: query.flightNumber, direction: query.direction })],
  }),
  'travel.blinkIt': () => tripOf(),
  ...extra,
});

const start = async (
  extra: FakeRoutes = {},
  options: Parameters<typeof themeConfigFixture>[0] = {},
  employee = 0,
) => {
  sessionStore.start({ token: 'tok', userId: ids.user });
  const rendered = await renderApp({
    path: '/insurances',
    themeConfig: themeConfigFixture(options),
    route: fakeApi(routes(extra), {
      users: { [ids.user]: userDetails({ employee: employee as 0 | 1 }) },
    }),
  });
  await rendered.user.click(await screen.findByRole('button', { name: 'Blink it' }));
  return rendered;
};

/** Step 1 of add insurance: the trip type, then Next. */
const chooseType = async (user: UserEvent, type: string) => {
  const dialog = await screen.findByRole('dialog', { name: 'Blink it' });
  await user.click(within(dialog).getByRole('radio', { name: type }));
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
};

/** Flight wizard page 1. */
const findFlight = async (user: UserEvent, number: string, date: string) => {
  const dialog = await screen.findByRole('dialog', { name: 'Add a flight' });
  const field = within(dialog).getByRole('textbox', { name: 'Flight number' });
  await user.clear(field);
  await user.type(field, number);
  const day = within(dialog).getByLabelText(/Departure date/);
  await user.clear(day);
  await user.type(day, date);
  await user.click(within(dialog).getByRole('button', { name: 'Find flight' }));
  return dialog;
};

describe('Blink it', () => {
  // The wizard refuses dates already past: the tests' flights leave in December 2026.
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['Date'],
      shouldAdvanceTime: true,
      now: new Date('2026-11-20T12:00:00Z'),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says a past date is past, a flight leaving too soon too soon, and finds a good one', async () => {
    const { user, fetch } = await start({
      'travel.validateFlight': ({ query }) =>
        query.embarkDate === '2026-11-20'
          ? apiError('FLIGHT_TOO_SOON', { field: 'embarkDate' })
          : { flights: [option({ embarkDate: query.embarkDate })] },
    });
    await chooseType(user, 'Single trip');
    const wizard = await findFlight(user, 'AC856', '2026-11-19');
    expect(await within(wizard).findByText('The date cannot be in the past.')).toBeVisible();
    expect(requestsTo(fetch, travelContracts.validateFlight)).toEqual([]);
    await findFlight(user, 'AC856', '2026-11-20');
    expect(
      await within(wizard).findByText('This flight departs too soon to be covered.'),
    ).toBeVisible();
    expect(within(wizard).queryByText('The date cannot be in the past.')).toBeNull();
    await findFlight(user, 'AC856', '2026-11-27');
    expect(await screen.findByRole('dialog', { name: 'Who is travelling?' })).toBeVisible();
    expect(
      requestsTo(fetch, travelContracts.validateFlight).map((r) => r.query?.embarkDate),
    ).toEqual(['2026-11-20', '2026-11-27']);
  });

  it('covers a single trip: the flight number rule, the passengers, the terms, then Blinked', async () => {
    const { user, fetch } = await start();
    await chooseType(user, 'Single trip');
    const wizard = await findFlight(user, '12AB', '2026-12-01');
    expect(
      await within(wizard).findByText(
        'Start the flight number with the airline code, for example AC123.',
      ),
    ).toBeVisible();
    await findFlight(user, 'ac856', '2026-12-01');

    const who = await screen.findByRole('dialog', { name: 'Who is travelling?' });
    expect(within(who).getByRole('checkbox', { name: 'Uma User' })).toBeChecked();
    await user.click(within(who).getByRole('checkbox', { name: 'Uma User' }));
    await user.click(within(who).getByRole('button', { name: 'Next' }));
    expect(await within(who).findByText('Select at least one passenger.')).toBeVisible();
    await user.click(within(who).getByRole('checkbox', { name: 'Uma User' }));
    await user.click(within(who).getByRole('checkbox', { name: 'Noah User' }));
    await user.click(within(who).getByRole('button', { name: 'Next' }));

    const confirm = await screen.findByRole(
      'dialog',
      { name: 'Confirm your cover' },
      { timeout: 2000 },
    );
    expect(confirm).toHaveTextContent('AC856 (Outbound) from YYZ');
    expect(confirm).toHaveTextContent('Travellers: Uma User, Noah User');
    await user.click(within(confirm).getByRole('button', { name: 'Blink it' }));
    expect(await within(confirm).findByText('Please confirm the terms of business.')).toBeVisible();
    // The terms are one click away, in a new tab: the wizard keeps what was entered.
    const terms = within(confirm).getByRole('link', { name: 'terms of business' });
    expect(terms).toHaveAttribute('href', '/help/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    const accept = within(confirm).getByRole('checkbox', {
      name: 'I have read and accept the terms of business',
    });
    await user.click(accept);
    await user.click(within(confirm).getByRole('button', { name: 'Blink it' }));
    expect(await screen.findByRole('dialog', { name: 'Blinked!' })).toBeVisible();

    expect(requestsTo(fetch, travelContracts.validateFlight)[0]!.query).toMatchObject({
      flightNumber: 'AC856',
      embarkDate: '2026-12-01',
      direction: 'outbound',
      flightType: 'main',
    });
    expect(requestsTo(fetch, travelContracts.blinkIt)[0]!.body).toEqual({
      type: 'single',
      flights: [
        {
          flightNumber: 'AC856',
          embarkDate: '2026-12-01',
          embarkTime: '08:05',
          origin: 'YYZ',
          direction: 'outbound',
          userProvided: 0,
        },
      ],
      passengers: [ids.passenger, companion],
      delegatedPassengerId: ids.passenger,
    });
  });

  it('covers a return trip: out, then back, the second flight inbound', async () => {
    const { user, fetch } = await start();
    await chooseType(user, 'Return trip');
    await findFlight(user, 'AC856', '2026-12-01');
    const list = await screen.findByRole('dialog', { name: 'Return trip: flights' });
    await user.click(within(list).getByRole('button', { name: 'Add flight' }));
    await findFlight(user, 'AC857', '2026-12-08');
    const who = await screen.findByRole('dialog', { name: 'Who is travelling?' });
    await user.click(within(who).getByRole('button', { name: 'Next' }));
    await screen.findByRole('dialog', { name: 'Confirm your cover' }, { timeout: 2000 });
    expect(requestsTo(fetch, travelContracts.validateFlight).map((r) => r.query.direction)).toEqual(
      ['outbound', 'inbound'],
    );
  });

  it('enters a flight the schedule does not know by hand', async () => {
    const { user, fetch } = await start({
      'travel.validateFlight': () => apiError('FLIGHT_SCHEDULE_NOT_FOUND'),
      'travel.userFlight': ({ body }) =>
        option({
          flightNumber: body.flightNumber,
          origin: body.origin,
          embarkTime: body.embarkDateTime.slice(11, 16),
          destination: null,
          destinationAirport: null,
          terminal: null,
          totalPassengers: null,
          userProvided: 1,
        }),
      'content.document': () => ({
        id: 'airport_lookup_list',
        lang: 'en',
        fallback: false,
        title: 'Airports',
        version: 'openflights',
        format: 'json',
        body: JSON.stringify([
          { value: 'YUL', label: 'Montreal, Canada – Montreal / Pierre Elliott Trudeau (YUL)' },
          { value: 'YYZ', label: 'Toronto, Canada – Lester B. Pearson (YYZ)' },
        ]),
      }),
    });
    await chooseType(user, 'Single trip');
    await findFlight(user, 'AC801', '2026-12-01');
    const manual = await screen.findByRole('dialog', { name: 'Enter AC801 yourself' });
    await user.click(within(manual).getByRole('button', { name: 'Add flight' }));
    expect(await within(manual).findByText('Choose the departure airport.')).toBeVisible();
    await user.type(within(manual).getByRole('combobox', { name: /Departure airport/ }), 'Montr');
    await user.click(await screen.findByRole('option', { name: /YUL/ }));
    await user.click(within(manual).getByRole('button', { name: 'Add flight' }));
    await screen.findByRole('dialog', { name: 'Who is travelling?' });
    expect(requestsTo(fetch, travelContracts.userFlight)[0]!.body).toMatchObject({
      flightNumber: 'AC801',
      embarkDateTime: '2026-12-01T12:00',
      origin: 'YUL',
    });
  });

  it('asks which of several matching flights apply, at least one, each with its date', async () => {
    const { user, fetch } = await start({
      'travel.validateFlight': () => ({
        flights: [
          option({ flightNumber: 'AC123', origin: 'YHM', destination: 'YHZ', flightType: 'leg' }),
          option({
            flightNumber: 'AC123',
            origin: 'YHZ',
            destination: 'YXY',
            embarkTime: '13:50',
            flightType: 'leg',
          }),
        ],
      }),
    });
    await chooseType(user, 'Single trip');
    await findFlight(user, 'AC123', '2026-12-01');
    const pick = await screen.findByRole('dialog', { name: 'Which flights are yours?' });
    await user.click(within(pick).getByRole('button', { name: 'Add flight' }));
    expect(await within(pick).findByText('Select at least one flight.')).toBeVisible();
    await user.click(within(pick).getByRole('checkbox', { name: /YHZ → YXY/ }));
    const date = within(pick).getAllByLabelText(/Date of AC123/)[1]!;
    await user.clear(date);
    await user.click(within(pick).getByRole('button', { name: 'Add flight' }));
    expect(await within(pick).findByText('Enter a date for each selected flight.')).toBeVisible();
    await user.type(date, '2026-12-01');
    await user.click(within(pick).getByRole('button', { name: 'Add flight' }));
    const who = await screen.findByRole('dialog', { name: 'Who is travelling?' });
    await user.click(within(who).getByRole('button', { name: 'Next' }));
    const confirm = await screen.findByRole(
      'dialog',
      { name: 'Confirm your cover' },
      { timeout: 2000 },
    );
    expect(confirm).toHaveTextContent('AC123 (Outbound) from YHZ');
    expect(requestsTo(fetch, travelContracts.validateFlight)).toHaveLength(1);
  });

  it('holds a non-employee to the flight’s seats, and lets an employee choose more', async () => {
    const small = {
      'travel.validateFlight': () => ({ flights: [option({ totalPassengers: 2 })] }),
    };
    const { user } = await start(small);
    await chooseType(user, 'Single trip');
    await findFlight(user, 'AC856', '2026-12-01');
    let who = await screen.findByRole('dialog', { name: 'Who is travelling?' });
    await user.click(within(who).getByRole('checkbox', { name: 'Noah User' }));
    await user.click(within(who).getByRole('checkbox', { name: "Léa D'Arcy" }));
    await user.click(within(who).getByRole('button', { name: 'Next' }));
    expect(await within(who).findByText('This flight allows up to 2 passengers.')).toBeVisible();
    screen.getByRole('dialog', { name: 'Who is travelling?' });

    const staff = await start(small, {}, 1);
    await chooseType(staff.user, 'Single trip');
    await findFlight(staff.user, 'AC856', '2026-12-01');
    who = (await screen.findAllByRole('dialog', { name: 'Who is travelling?' })).at(-1)!;
    await staff.user.click(within(who).getByRole('checkbox', { name: 'Noah User' }));
    await staff.user.click(within(who).getByRole('checkbox', { name: "Léa D'Arcy" }));
    await staff.user.click(within(who).getByRole('button', { name: 'Next' }));
    await waitFor(
      () => expect(screen.getAllByRole('dialog', { name: 'Confirm your cover' })).toHaveLength(1),
      { timeout: 2000 },
    );
  });

  it('opens payout setup first where the partner wants a method before a purchase', async () => {
    const { user } = await start({}, { config: { payoutMethodPrePurchase: true } });
    expect(await screen.findByRole('dialog', { name: 'Set up a payout method' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Blink it' })).toBeNull();
    void user;
  });
});
