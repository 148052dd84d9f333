import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { payoutsContracts } from '@tern/domain/payouts/contracts';
import type { RequiredField } from '@tern/domain/payouts/fields';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../core/session/session-store.ts';
import { fakeApi, ids, payoutMethod, requestsTo } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { renderWithProviders } from '../../test/render-with-providers.tsx';
import { SetupCompleteDialog } from './setup-payout-dialog.tsx';

const manual = payoutMethod({ extras: { accountType: 'CHECKING' } });

const corpayFields: RequiredField[] = [
  {
    key: 'institutionNumber',
    name: 'institutionNumber',
    label: 'Institution',
    type: 'text',
    required: true,
    validationRegexp: ['^\\d{3}$'],
  },
  {
    key: 'accountNumber',
    name: 'accountNumber',
    label: 'Account',
    type: 'text',
    required: true,
    validationRegexp: ['^\\d{7,12}$'],
  },
  { key: 'emailAddress', name: 'emailAddress', label: 'Email', type: 'email', required: true },
  {
    key: 'addressLine1',
    name: 'addressLine1',
    label: 'Address line 1',
    type: 'text',
    required: true,
    validationRegexp: ['^.{1,100}$'],
  },
  {
    key: 'reference',
    name: 'reference',
    label: 'Reference',
    type: 'text',
    required: false,
    readOnly: true,
    defaultValue: 'TERN',
  },
];

const openMenu = async (user: ReturnType<typeof userEvent.setup>, item: string) => {
  await user.click(await screen.findByRole('button', { name: 'Actions for Everyday chequing' }));
  await user.click(screen.getByRole('menuitem', { name: item }));
};

describe('update payout method address', () => {
  it('needs every address field, takes 45 characters of description, and saves them', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    let held = manual;
    const { user, fetch } = await renderApp({
      path: '/payout-methods',
      route: fakeApi({
        'payouts.methods': () => [held],
        'payouts.update': ({ body }) => {
          held = {
            ...held,
            description: body.description ?? held.description,
            extras: { ...held.extras, addressLine1: String(body.addressLine1) },
          };
          return held;
        },
      }),
    });
    await openMenu(user, 'Add address');
    const dialog = await screen.findByRole('dialog', { name: "Add the account holder's address" });
    expect(within(dialog).getByRole('textbox', { name: /Description/ })).toHaveValue(
      'Everyday chequing',
    );
    expect(within(dialog).getByRole('textbox', { name: /Description/ })).toHaveAttribute(
      'maxlength',
      '45',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    for (const name of [
      /Address line 1/,
      /Address line 2/,
      /Province/,
      /Town or city/,
      /Postal code/,
    ])
      await waitFor(() =>
        expect(within(dialog).getByRole('textbox', { name })).toHaveAccessibleDescription(
          'This field is required.',
        ),
      );
    expect(requestsTo(fetch, payoutsContracts.update)).toEqual([]);
    const values = {
      addressLine1: '200 Bay Street',
      addressLine2: 'Suite 1200',
      province: 'ON',
      townCity: 'Toronto',
      postCode: 'M5J 2J5',
    };
    await user.type(
      within(dialog).getByRole('textbox', { name: /Address line 1/ }),
      values.addressLine1,
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: /Address line 2/ }),
      values.addressLine2,
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Province/ }), values.province);
    await user.type(within(dialog).getByRole('textbox', { name: /Town or city/ }), values.townCity);
    await user.type(within(dialog).getByRole('textbox', { name: /Postal code/ }), values.postCode);
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Your payout method has been updated.')).toBeInTheDocument();
    expect(requestsTo(fetch, payoutsContracts.update).map((r) => r.body)).toEqual([
      { description: 'Everyday chequing', ...values },
    ]);
    await openMenu(user, 'Edit address');
    expect(
      await screen.findByRole('dialog', { name: "Add the account holder's address" }),
    ).toBeInTheDocument();
  });
});

describe('update to Corpay', () => {
  it("links Corpay's terms and moves the method with Corpay's fields", async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    const { user, fetch } = await renderApp({
      path: '/payout-methods',
      route: fakeApi({
        'payouts.methods': () => [manual],
        'payouts.config': () => ({
          payouts: {
            supplier: 'manual',
            providers: ['BANK-MANUAL', 'BANK-CORPAY'],
            currencies: ['CAD'],
          },
          country: { iso: 'CA', currency: 'CAD' },
        }),
        'payouts.requiredFields': ({ params }) =>
          params.serviceProvider === 'bank-corpay' ? corpayFields : [],
        'payouts.update': () => ({ ...manual, type: 'BANK-CORPAY', provider: 'corpay' }),
      }),
    });
    await openMenu(user, 'Move to international bank transfer');
    // The dialog paints a loader, then the form in a dialog of its own (the fields arrive
    // first): the form's dialog is the one to read.
    const terms = await screen.findByRole('link', {
      name: 'Read the terms for international bank transfers',
    });
    const dialog = screen.getByRole('dialog', { name: 'Move to international bank transfer' });
    expect(dialog).toContainElement(terms);
    expect(terms).toHaveAttribute('href', '/help/payout-terms');
    expect(within(dialog).queryByRole('textbox', { name: /Reference/ })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /Institution number/ }), '003');
    await user.type(within(dialog).getByRole('textbox', { name: /Account number/ }), '12345678');
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'uma@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: /Address line 1/ }), '1 King St');
    await user.click(within(dialog).getByRole('button', { name: 'Agree and save' }));
    expect(await screen.findByText('Your payout method has been updated.')).toBeInTheDocument();
    expect(requestsTo(fetch, payoutsContracts.update).map((r) => r.body)).toEqual([
      {
        description: 'Everyday chequing',
        type: 'BANK-CORPAY',
        currency: 'CAD',
        institutionNumber: '003',
        accountNumber: '12345678',
        emailAddress: 'uma@example.com',
        addressLine1: '1 King St',
        reference: 'TERN',
      },
    ]);
  });

  it('is not offered where the partner does not pay through Corpay', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    const { user } = await renderApp({
      path: '/payout-methods',
      route: fakeApi({ 'payouts.methods': () => [manual] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Everyday chequing' }));
    expect(screen.getByRole('menuitem', { name: 'Add address' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /international bank transfer/ })).toBeNull();
  });
});

describe('setup complete', () => {
  it('offers to continue the flight-cover purchase only when given the way back to it', async () => {
    const onContinue = vi.fn();
    const onClose = vi.fn();
    const { user, unmount } = await renderWithProviders(
      <SetupCompleteDialog onClose={onClose} onContinuePurchase={onContinue} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Setup complete' });
    await user.click(
      within(dialog).getByRole('button', { name: 'Continue with your flight cover' }),
    );
    expect(onContinue).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
    unmount();
    await renderWithProviders(<SetupCompleteDialog onClose={onClose} />);
    expect(screen.queryByRole('button', { name: /Continue/ })).toBeNull();
  });
});
