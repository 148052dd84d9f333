import { screen, within } from '@testing-library/react';
import type { MonitoredItem } from '@tern/domain/monitoring/schemas';
import type { Flight } from '@tern/domain/travel/schemas';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../core/session/session-store.ts';
import {
  bagOf,
  apiError,
  fakeApi,
  ids,
  payoutMethod,
  subscriptionsWith,
  type FakeRoutes,
} from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { themeConfigFixture } from '../../test/theme-config-fixture.ts';

const signIn = () => sessionStore.start({ token: 'tok', userId: ids.user });
const card = (name: string) => screen.getByRole('region', { name });
const created = '2026-04-01T10:00:00.000Z';

const flight: Flight = {
  flightId: ids.flight,
  tripId: ids.trip,
  flightNumber: 'AC123',
  embarkDate: '2026-05-01',
  embarkTime: '09:30',
  origin: 'YYZ',
  originAirport: 'Toronto Pearson',
  destination: 'LHR',
  destinationAirport: 'London Heathrow',
  arrivalDate: '2026-05-01',
  arrivalTime: '21:30',
  terminal: '1',
  direction: 'outbound',
  flightType: 'main',
  totalPassengers: 2,
  cancelled: 0,
  active: 1,
  departed: 0,
  alerted: 0,
  notified: 0,
  isMonitored: 1,
};

const travelData: FakeRoutes = {
  // As the API answers them: active policies only, open-ended first.
  'policies.list': () => [
    {
      externalPolicyNumber: 'TRV-2001',
      product: 'Flight disruption cover',
      active: 1,
      policyStart: '2026-01-01',
      policyEnd: null,
      maxInsured: 4,
    },
    {
      externalPolicyNumber: 'TRV-1001',
      product: 'Flight disruption cover',
      active: 1,
      policyStart: '2025-01-01',
      policyEnd: '2026-12-31',
      maxInsured: 2,
    },
  ],
  'travel.trips': () => [
    {
      tripId: ids.trip,
      type: 'single',
      bookingRef: 'ABC123',
      policyNumber: 'TRV-1001',
      flights: [flight],
      passengers: [
        { passengerId: ids.passenger, name: 'Uma', surname: 'User' },
        { passengerId: ids.customer, name: 'Ben', surname: 'User' },
      ],
      alerts: [],
      delegated_passenger_id: null,
      created,
    },
  ],
  // As the API answers them: active passengers, the account holder first.
  'travel.passengers': () => [
    {
      passengerId: ids.passenger,
      userId: ids.user,
      partnerId: 'travel',
      name: 'Uma',
      surname: 'User',
      mobilePhoneNumber: null,
      active: 1,
      accountHolder: 1,
      created,
    },
    {
      passengerId: ids.customer,
      userId: ids.user,
      partnerId: 'travel',
      name: 'Ben',
      surname: 'User',
      mobilePhoneNumber: null,
      active: 1,
      accountHolder: 0,
      created,
    },
  ],
  'luggage.bags': () => [bagOf({ pir: 'YYZAC12345', created: '2026-05-02T08:00:00.000Z' })],
  'payouts.methods': () => [
    payoutMethod({ description: 'Everyday account', accountNumber: '****6789' }),
  ],
};

describe('the dashboard', () => {
  it("greets the user and shows their data in the cards' order", async () => {
    signIn();
    await renderApp({ path: '/dashboard', route: fakeApi(travelData) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' }),
    ).toBeInTheDocument();
    const titles = within(screen.getByTestId('dashboard'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Trips', 'Summary', 'Luggage', 'Passengers', 'Payout methods']);

    const trips = card('Trips');
    expect(await within(trips).findByText('Toronto Pearson → London Heathrow')).toBeInTheDocument();
    expect(within(trips).getByText('AC123 · 1st May 2026 · passengers: 2')).toBeInTheDocument();

    const summary = card('Summary');
    // In the API's order.
    expect(
      within(summary)
        .getAllByText(/^Policy /)
        .map((item) => item.textContent),
    ).toEqual(['Policy TRV-2001', 'Policy TRV-1001']);
    expect(
      within(summary).getByText(
        'Active · Flight disruption cover · From 1st January 2026, no end date · Up to 4 people',
      ),
    ).toBeInTheDocument();
    expect(
      within(summary).getByText(
        'Active · Flight disruption cover · From 1st January 2025 until 31st December 2026 · Up to 2 people',
      ),
    ).toBeInTheDocument();

    const luggage = card('Luggage');
    expect(await within(luggage).findByText('Bag report YYZAC12345')).toBeInTheDocument();
    expect(
      within(luggage).getByText('Flight AC856 · reported on 2nd May 2026'),
    ).toBeInTheDocument();
    expect(within(luggage).getByText('Reported lost')).toBeInTheDocument();
    expect(within(luggage).getByRole('link', { name: 'Bag report YYZAC12345' })).toHaveAttribute(
      'href',
      '/luggage',
    );

    const passengers = card('Passengers');
    expect(
      within(passengers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Uma UserAccount holder', 'Ben User']);

    const methods = card('Payout methods');
    expect(await within(methods).findByText('Everyday account')).toBeInTheDocument();
    expect(within(methods).getByText('****6789')).toBeInTheDocument();
    expect(within(methods).getByText('Preferred')).toBeInTheDocument();
  });

  it('shows each card loading until its dataset is loaded, then its empty state', async () => {
    signIn();
    let releaseTrips: () => void = () => undefined;
    const tripsAnswered = new Promise<void>((resolve) => {
      releaseTrips = resolve;
    });
    await renderApp({
      path: '/dashboard',
      route: fakeApi({
        'travel.trips': async () => {
          await tripsAnswered;
          return [];
        },
      }),
    });
    expect(
      await within(await screen.findByRole('region', { name: 'Passengers' })).findByText(
        'You have not added any passengers.',
      ),
    ).toBeInTheDocument();
    expect(
      within(card('Trips')).getByRole('progressbar', { name: 'Loading…' }),
    ).toBeInTheDocument();
    releaseTrips();
    expect(await within(card('Trips')).findByText('You have no trips yet.')).toBeInTheDocument();
    expect(within(card('Summary')).getByText('You have no active policy.')).toBeInTheDocument();
    expect(
      within(card('Luggage')).getByText('You have not reported any luggage.'),
    ).toBeInTheDocument();
    expect(
      await within(card('Payout methods')).findByText('You have not added a payout method yet.'),
    ).toBeInTheDocument();
    // No empty card is a dead end: one whose area names no action offers the help centre.
    for (const name of ['Trips', 'Summary', 'Passengers'])
      expect(
        within(card(name)).getByRole('link', { name: 'Visit the help centre' }),
      ).toHaveAttribute('href', '/help');
    expect(
      within(card('Payout methods')).getByRole('link', { name: 'Add a payout method' }),
    ).toHaveAttribute('href', '/payout-methods');
    expect(within(card('Luggage')).getByRole('link', { name: 'Report a bag' })).toHaveAttribute(
      'href',
      '/luggage',
    );
  });

  it('says so on the card when its dataset cannot be loaded', async () => {
    signIn();
    await renderApp({
      path: '/dashboard',
      route: fakeApi({
        'payouts.methods': () => apiError('PAYOUT_SERVICE_NOT_CONFIGURED'),
      }),
    });
    expect(
      await within(card('Payout methods')).findByText(
        'We could not load this right now. Please try again later.',
      ),
    ).toBeInTheDocument();
    expect(await within(card('Trips')).findByText('You have no trips yet.')).toBeInTheDocument();
  });

  it('shows the initial scan and monitored items to a monitoring partner', async () => {
    signIn();
    const item: MonitoredItem = {
      id: ids.method,
      dataType: 'EMAIL_ADDRESS',
      friendlyName: 'Personal email',
      displayName: 'Personal email',
      displayValue: 'um****@example.com',
      tokenised: false,
      country: null,
      alerts: [],
      created,
    };
    await renderApp({
      path: '/dashboard',
      themeConfig: themeConfigFixture({ config: { owl: true } }),
      route: fakeApi({
        'monitoring.status': () => ({ subscribed: true, initialScan: true }),
        'monitoring.subscriptions': () => subscriptionsWith({ EMAIL_ADDRESS: [item] }),
        'monitoring.alerts': () => [],
      }),
    });
    const titles = within(await screen.findByTestId('dashboard'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Initial scan', 'Summary']);
    expect(
      await within(card('Initial scan')).findByText(/Your first scan is complete/),
    ).toBeInTheDocument();
    expect(await within(card('Summary')).findByText('Items monitored: 1')).toBeInTheDocument();
    expect(within(card('Summary')).getByText('Open alerts: 0')).toBeInTheDocument();
  });

  it('shows insured locations and open claims to a parametric partner', async () => {
    signIn();
    await renderApp({
      path: '/dashboard',
      themeConfig: themeConfigFixture({ config: { parametric: true } }),
      route: fakeApi(),
    });
    expect(await within(card('Summary')).findByText('Insured locations: 0')).toBeInTheDocument();
    expect(within(card('Summary')).getByText('Open claims: 0')).toBeInTheDocument();
    expect(card('Payout methods')).toBeInTheDocument();
  });
});
