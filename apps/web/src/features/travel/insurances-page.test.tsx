import { screen, waitFor, within } from '@testing-library/react';
import { travelContracts } from '@tern/domain/travel/contracts';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../core/session/session-store.ts';
import {
  apiError,
  fakeApi,
  flightOf,
  ids,
  passengerOf,
  requestsTo,
  tripOf,
  userDetails,
} from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const second = '99999999-9999-4999-8999-999999999999';
const companion = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

const open = async (route: Parameters<typeof fakeApi>[0]) => {
  sessionStore.start({ token: 'tok', userId: ids.user });
  const rendered = await renderApp({ path: '/insurances', route: fakeApi(route) });
  return { ...rendered, list: await screen.findByRole('list', { name: 'Your insured trips' }) };
};

describe('My insurances', () => {
  it('shows each trip with its type, booking, flights, badges and the actions its state allows', async () => {
    const delayed = tripOf({
      type: 'return',
      bookingRef: 'TRN5ZD',
      flights: [
        flightOf({ alerted: 1, notified: 1 }),
        flightOf({
          flightId: second,
          flightNumber: 'AC857',
          direction: 'inbound',
          embarkDate: '2026-12-08',
          origin: 'YQR',
          destination: 'YYZ',
        }),
      ],
      alerts: [
        {
          flightId: ids.flight,
          alertType: 'DELAY',
          delayDate: '2026-12-01 11:05',
          source: 'provider',
          created: '2026-11-30T10:00:00.000Z',
        },
      ],
    });
    const handEntered = tripOf({
      tripId: second,
      bookingRef: null,
      flights: [
        flightOf({ tripId: second, flightNumber: 'AC801', isMonitored: 0, notified: 1 }),
        flightOf({ tripId: second, flightId: companion, flightNumber: 'AC1', active: 0 }),
      ],
    });
    const { list } = await open({ 'travel.trips': () => [delayed, handEntered] });
    const [first, other] = within(list).getAllByRole('listitem', { name: /trip/ });
    expect(within(first!).getByRole('heading')).toHaveTextContent('Return trip');
    expect(first).toHaveTextContent('Booking TRN5ZD');
    expect(within(first!).getByTestId('badge-AC856')).toHaveTextContent('Delayed');
    expect(within(first!).getByTestId('badge-AC857')).toHaveTextContent('Scheduled');
    expect(first).toHaveTextContent('AC857 · Inbound');
    // Alerted: kept as it was, no edit or cancel; watched, so no Update status.
    expect(within(first!).queryByRole('button', { name: 'Edit passengers' })).toBeNull();
    expect(within(first!).queryByRole('button', { name: 'Cancel cover' })).toBeNull();
    expect(within(first!).queryByRole('button', { name: 'Update status' })).toBeNull();
    // Entered by hand: the customer updates its status; an inactive flight is not shown.
    expect(within(other!).getByRole('heading')).toHaveTextContent('Single trip');
    expect(within(other!).getByRole('button', { name: 'Update status' })).toBeVisible();
    expect(within(other!).getByRole('button', { name: 'Edit passengers' })).toBeVisible();
    expect(other).not.toHaveTextContent('AC1 ');
    expect(screen.getByRole('link', { name: 'Read the key facts' })).toHaveAttribute(
      'href',
      '/key-facts',
    );
    expect(screen.getByRole('button', { name: 'Blink it' })).toBeEnabled();
  });

  it('says when there is no trip, and offers Blink it', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    await renderApp({ path: '/insurances', route: fakeApi() });
    expect(
      await screen.findByText(
        'You have no insured trips yet. Press Blink it to cover your next flight.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Blink it' })).toBeVisible();
  });

  it('says when the trips cannot be loaded, and tries again', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    let fail = true;
    const { user } = await renderApp({
      path: '/insurances',
      route: fakeApi({
        'travel.trips': () => (fail ? apiError('SERVICE_UNAVAILABLE') : [tripOf()]),
      }),
    });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('list', { name: 'Your insured trips' })).toBeVisible();
  });

  it('sends a delay the customer reports as YYYY-MM-DD HH:mm, then asks for a fresh look', async () => {
    const trip = tripOf({ flights: [flightOf({ isMonitored: 0, notified: 1 })] });
    const { user, list, fetch } = await open({
      'travel.trips': () => [trip],
      'travel.alert': ({ body }) => ({
        flightId: ids.flight,
        alertType: body.alertType,
        delayDate: body.alertType === 'DELAY' ? body.delayDate : null,
        source: 'customer',
        created: '2026-11-30T10:00:00.000Z',
      }),
      'travel.notifyAlert': () => ({ flights: 1 }),
    });
    await user.click(within(list).getByRole('button', { name: 'Update status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update the status of AC856' });
    await user.click(within(dialog).getByRole('radio', { name: 'Is delayed' }));
    const when = within(dialog).getByLabelText(/New departure/);
    // No time is put in the customer's mouth: they give the one the airline announced.
    expect(when).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('This field is required.')).toBeVisible();
    // The scheduled 08:05 is no delay: the form says so, as the API would.
    expect(when).toHaveAttribute('min', '2026-12-01T08:06');
    await user.type(when, '2026-12-01T08:05');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await within(dialog).findByText('The date cannot be before 2026-12-01T08:06.'),
    ).toBeVisible();
    expect(requestsTo(fetch, travelContracts.alert)).toEqual([]);
    await user.clear(when);
    await user.type(when, '2026-12-01T11:30');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText("Thank you, we have recorded the flight's status."),
    ).toBeVisible();
    expect(requestsTo(fetch, travelContracts.alert).map((r) => r.body)).toEqual([
      { alertType: 'DELAY', delayDate: '2026-12-01 11:30' },
    ]);
    expect(requestsTo(fetch, travelContracts.notifyAlert).map((r) => r.body)).toEqual([
      { userId: ids.user, flightNumber: 'AC856', embarkDate: '2026-12-01', origin: 'YYZ' },
    ]);
    // The row waits on its notice.
    expect(within(list).getByLabelText('Updating the flight status')).toBeVisible();
  });

  it.each([
    ['a flight without an alert', 0 as const],
    ['an alerted flight', 1 as const],
  ])('chooses nothing for the customer on %s: Send asks for a state', async (_name, alerted) => {
    const trip = tripOf({ flights: [flightOf({ isMonitored: 0, notified: 1, alerted })] });
    const { user, list, fetch } = await open({ 'travel.trips': () => [trip] });
    await user.click(within(list).getByRole('button', { name: 'Update status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update the status of AC856' });
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(within(dialog).queryByLabelText(/New departure/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('This field is required.')).toBeVisible();
    expect(dialog).toBeVisible();
    expect(requestsTo(fetch, travelContracts.alert)).toEqual([]);
  });

  it('asks yes or no before reporting a cancellation', async () => {
    const trip = tripOf({ flights: [flightOf({ isMonitored: 0, notified: 1 })] });
    const { user, list } = await open({ 'travel.trips': () => [trip] });
    await user.click(within(list).getByRole('button', { name: 'Update status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update the status of AC856' });
    await user.click(within(dialog).getByRole('radio', { name: 'Was cancelled' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const sure = await screen.findByRole('dialog', { name: 'Was AC856 cancelled?' });
    await user.click(within(sure).getByRole('button', { name: 'No' }));
    expect(await screen.findByRole('dialog', { name: 'Update the status of AC856' })).toBeVisible();
  });

  it('cancels a trip after Confirm and a yes', async () => {
    let trips = [tripOf()];
    const { user, list } = await open({
      'travel.trips': () => trips,
      'travel.cancelTrip': () => {
        trips = [];
        return [];
      },
    });
    await user.click(within(list).getByRole('button', { name: 'Cancel cover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel insurance' });
    expect(dialog).toHaveTextContent('AC856 on');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const sure = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(sure).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('The insurance has been cancelled.')).toBeVisible();
    expect(
      await screen.findByText(
        'You have no insured trips yet. Press Blink it to cover your next flight.',
      ),
    ).toBeVisible();
  });

  it.each([
    [{}, 'We will confirm it to you at +14165550123 and uma@example.com.'],
    [{ mobilePhoneNumber: null }, 'We will confirm it to you at uma@example.com.'],
  ])(
    'names in Cancel insurance only the ways the customer is reached (%o)',
    async (details, sentence) => {
      const { user, list } = await open({
        'travel.trips': () => [tripOf()],
        'accounts.details': () => userDetails(details),
      });
      await user.click(within(list).getByRole('button', { name: 'Cancel cover' }));
      const dialog = await screen.findByRole('dialog', { name: 'Cancel insurance' });
      expect(await within(dialog).findByText(sentence)).toBeVisible();
      expect(dialog).not.toHaveTextContent('---');
    },
  );

  it("holds edited passengers to the policy's maxInsured and clears a primary contact not chosen", async () => {
    const trip = tripOf({
      policyNumber: 'SKY-2001',
      passengers: [{ passengerId: ids.passenger, name: 'Uma', surname: 'User' }],
      delegated_passenger_id: ids.passenger,
    });
    const { user, list, fetch } = await open({
      'travel.trips': () => [trip],
      'travel.passengers': () => [
        passengerOf(),
        passengerOf({ passengerId: companion, name: 'Noah', accountHolder: 0 }),
        passengerOf({ passengerId: second, name: 'Léa', surname: "D'Arcy", accountHolder: 0 }),
      ],
      'policies.list': () => [
        {
          externalPolicyNumber: 'SKY-2001',
          product: 'Flight disruption cover',
          active: 1,
          policyStart: '2026-01-01',
          policyEnd: null,
          maxInsured: 2,
        },
      ],
      'travel.updateTrip': ({ body }) => ({
        ...trip,
        passengers: [{ passengerId: companion, name: 'Noah', surname: 'User' }],
        delegated_passenger_id: body.delegatedPassengerId ?? null,
      }),
    });
    await user.click(within(list).getByRole('button', { name: 'Edit passengers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit passengers' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Noah User' }));
    await user.click(within(dialog).getByRole('checkbox', { name: "Léa D'Arcy" }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You can select up to 2 passengers.')).toBeVisible();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Uma User' }));
    await user.click(within(dialog).getByRole('checkbox', { name: "Léa D'Arcy" }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestsTo(fetch, travelContracts.updateTrip)).toHaveLength(1));
    expect(requestsTo(fetch, travelContracts.updateTrip)[0]!.body).toEqual({
      passengers: [companion],
      delegatedPassengerId: null,
    });
  });
});
