import { screen, within } from '@testing-library/react';
import { travelContracts } from '@tern/domain/travel/contracts';
import type { Passenger } from '@tern/domain/travel/schemas';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../core/session/session-store.ts';
import { apiError, fakeApi, ids, passengerOf, requestsTo } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { themeConfigFixture } from '../../test/theme-config-fixture.ts';

const companion = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

describe('passengers page', () => {
  it('adds a passenger after refusing a name with digits and a short phone', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    let list: Passenger[] = [passengerOf()];
    const { user, fetch } = await renderApp({
      path: '/passengers',
      route: fakeApi({
        'travel.passengers': () => list,
        'travel.addPassenger': ({ body }) => {
          const added = passengerOf({ ...body, passengerId: companion, accountHolder: 0 });
          list = [...list, added];
          return added;
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add passenger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add passenger' });
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'R2D2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Mobile phone' }), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Add passenger' }));
    expect(
      await within(dialog).findByText('Use letters, spaces, hyphens and apostrophes only.'),
    ).toBeVisible();
    expect(within(dialog).getByText('Enter the last name.')).toBeVisible();
    const first = within(dialog).getByRole('textbox', { name: 'First name' });
    await user.clear(first);
    await user.type(first, 'Zoé');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), "O'Brien");
    const phone = within(dialog).getByRole('textbox', { name: 'Mobile phone' });
    await user.clear(phone);
    await user.type(phone, '4165550199');
    await user.click(within(dialog).getByRole('button', { name: 'Add passenger' }));
    expect(await screen.findByText('The passenger has been added.')).toBeVisible();
    expect(requestsTo(fetch, travelContracts.addPassenger)[0]!.body).toEqual({
      name: 'Zoé',
      surname: "O'Brien",
      mobilePhoneNumber: '+14165550199',
    });
    expect(await screen.findByRole('heading', { name: "Zoé O'Brien" })).toBeVisible();
  });

  it('shows a duplicate refused by the API, and removes a passenger after a yes', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    const noah = passengerOf({ passengerId: companion, name: 'Noah', accountHolder: 0 });
    const { user, fetch } = await renderApp({
      path: '/passengers',
      route: fakeApi({
        'travel.passengers': () => [passengerOf(), noah],
        'travel.updatePassenger': () => apiError('DUPLICATE_PASSENGER'),
        'travel.removePassenger': () => [passengerOf()],
      }),
    });
    const cards = await screen.findByRole('list', { name: 'Your passengers' });
    const [holder, other] = within(cards).getAllByRole('listitem');
    expect(within(holder!).queryByRole('button', { name: 'Remove' })).toBeNull();
    await user.click(within(other!).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit passenger' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/This passenger has already been added/)).toBeVisible();
    expect(requestsTo(fetch, travelContracts.updatePassenger)[0]!.params.passengerId).toBe(
      companion,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(other!).getByRole('button', { name: 'Remove' }));
    const sure = await screen.findByRole('dialog', { name: 'Remove Noah User?' });
    await user.click(within(sure).getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('The passenger has been removed.')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Noah User' })).toBeNull();
  });

  it("follows the partner's rule: no Add where only employees may add", async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    await renderApp({
      path: '/passengers',
      themeConfig: themeConfigFixture({ config: { addPassengers: { employeesOnly: true } } }),
      route: fakeApi({ 'travel.passengers': () => [passengerOf()] }),
    });
    await screen.findByRole('list', { name: 'Your passengers' });
    expect(screen.queryByRole('button', { name: 'Add passenger' })).toBeNull();
  });
});
