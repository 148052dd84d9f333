import { screen, waitFor, within } from '@testing-library/react';
import { payoutsContracts } from '@tern/domain/payouts/contracts';
import type { Bank, RequiredField } from '@tern/domain/payouts/fields';
import type { PayoutMethod } from '@tern/domain/payouts/schemas';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../core/session/session-store.ts';
import {
  apiError,
  fakeApi,
  ids,
  payoutMethod,
  requestsTo,
  type FakeRoutes,
} from '../../test/fake-api.ts';
import { jsonResponse } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render-app.tsx';

const signIn = () => sessionStore.start({ token: 'tok', userId: ids.user });
const otherId = '99999999-9999-4999-8999-999999999999';

const method = (overrides: Partial<PayoutMethod> = {}): PayoutMethod =>
  payoutMethod({
    extras: { accountType: 'CHECKING', legalType: 'INDIVIDUAL', emailAddress: 'uma@example.com' },
    ...overrides,
  });

/** The CAD fields as a provider defines them: a lookup, routing numbers and a hidden reference. */
const cadFields: RequiredField[] = [
  {
    key: 'legalType',
    name: 'legalType',
    label: 'Holder',
    type: 'select',
    required: true,
    readOnly: true,
    defaultValue: 'INDIVIDUAL',
    valuesAllowed: [
      { key: 'INDIVIDUAL', name: 'Individual' },
      { key: 'BUSINESS', name: 'Business' },
    ],
  },
  {
    key: 'bankName',
    name: 'bankName',
    label: 'Bank',
    type: 'text',
    required: false,
    lookupField: {
      searchToFieldsMapping: {
        institutionName: 'bankName',
        institutionNumber: 'institutionNumber',
      },
    },
  },
  {
    key: 'institutionNumber',
    name: 'institutionNumber',
    label: 'Institution',
    type: 'text',
    required: true,
    validationRegexp: ['^\\d{3}$'],
  },
  {
    key: 'transitNumber',
    name: 'transitNumber',
    label: 'Transit',
    type: 'text',
    required: true,
    validationRegexp: ['^\\d{5}$'],
  },
  {
    key: 'accountNumber',
    name: 'accountNumber',
    label: 'Account',
    type: 'text',
    required: true,
    validationRegexp: ['^\\d{7,12}$'],
  },
  {
    key: 'accountType',
    name: 'accountType',
    label: 'Type',
    type: 'radio',
    required: true,
    defaultValue: 'CHECKING',
    valuesAllowed: [
      { key: 'CHECKING', name: 'Chequing' },
      { key: 'SAVINGS', name: 'Savings' },
    ],
  },
  { key: 'emailAddress', name: 'emailAddress', label: 'Email', type: 'email', required: true },
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

const royalBank: Bank = {
  primaryKey: 'ROYCCAT2',
  institutionName: 'ROYAL BANK OF CANADA',
  address1: '200 BAY STREET',
  city: 'TORONTO',
  postalCode: 'M5J 2J5',
  institutionNumber: '003',
  bic: 'ROYCCAT2',
};

/** A fake API holding the user's methods, adding and removing them as the real one does. */
function payoutsApi(start: PayoutMethod[], extra: FakeRoutes = {}) {
  let held = [...start];
  const routes: FakeRoutes = {
    'payouts.methods': () => held,
    'payouts.requiredFields': ({ query }) =>
      query.bankSearch === undefined
        ? cadFields
        : query.bankSearch.toLowerCase().startsWith('roy')
          ? [royalBank]
          : [],
    'payouts.create': ({ body }) => {
      const added = method({
        payoutMethodId: otherId,
        description: body.description,
        preferred: held.length === 0 ? 1 : 0,
        accountNumber: '****6789',
      });
      held = [...held, added];
      return added;
    },
    'payouts.update': ({ params, body }) => {
      held = held.map((m) =>
        body.preferred === 1
          ? { ...m, preferred: m.payoutMethodId === params.id ? 1 : 0 }
          : m.payoutMethodId === params.id
            ? { ...m, extras: { ...m.extras, addressLine1: String(body.addressLine1 ?? '') } }
            : m,
      );
      return held.find((m) => m.payoutMethodId === params.id)!;
    },
    'payouts.remove': ({ params }) => {
      held = held.filter((m) => m.payoutMethodId !== params.id);
      if (held.length && !held.some((m) => m.preferred === 1))
        held[0] = { ...held[0]!, preferred: 1 };
      return held;
    },
    ...extra,
  };
  return fakeApi(routes);
}

const headings = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('payout methods page', () => {
  it('lists the methods with provider, masked account, currency and address', async () => {
    signIn();
    await renderApp({
      path: '/payout-methods',
      route: payoutsApi([
        method(),
        method({
          payoutMethodId: otherId,
          description: 'Savings',
          preferred: 0,
          type: 'BANK-CORPAY',
          accountNumber: '****9876',
          extras: { addressLine1: '1 King St W', townCity: 'Toronto', postCode: 'M5H 1A1' },
        }),
      ]),
    });
    const list = await screen.findByRole('list', { name: 'Your payout methods' });
    expect(headings(list)).toEqual(['Everyday chequing', 'Savings']);
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Preferred');
    expect(first).toHaveTextContent('Paid byBank transfer');
    expect(first).toHaveTextContent('Account number****4321');
    expect(first).toHaveTextContent('CurrencyCAD');
    expect(first).toHaveTextContent('AddressNot given');
    expect(second).not.toHaveTextContent('Preferred');
    expect(second).toHaveTextContent('International bank transfer (Corpay)');
    expect(second).toHaveTextContent('Address1 King St W, Toronto, M5H 1A1');
    await waitFor(() => expect(document.title).toBe('Payout methods · Skyway Travel'));
  });

  it('makes another method preferred and says so', async () => {
    signIn();
    const { user, fetch } = await renderApp({
      path: '/payout-methods',
      route: payoutsApi([
        method(),
        method({ payoutMethodId: otherId, description: 'Savings', preferred: 0 }),
      ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Savings' }));
    await user.click(screen.getByRole('menuitem', { name: 'Make preferred' }));
    expect(
      await screen.findByText('Your preferred payout method has been changed.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetch, payoutsContracts.update).map((r) => [r.params.id, r.body])).toEqual([
      [otherId, { preferred: 1 }],
    ]);
    const list = screen.getByRole('list', { name: 'Your payout methods' });
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Preferred'),
    );
    // The preferred one offers no "Make preferred".
    await user.click(screen.getByRole('button', { name: 'Actions for Savings' }));
    expect(screen.queryByRole('menuitem', { name: 'Make preferred' })).toBeNull();
  });

  it('removes a method only after the confirmation', async () => {
    signIn();
    const { user, fetch } = await renderApp({
      path: '/payout-methods',
      route: payoutsApi([
        method(),
        method({ payoutMethodId: otherId, description: 'Savings', preferred: 0 }),
      ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Everyday chequing' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove "Everyday chequing"?' });
    expect(dialog).toHaveTextContent('your oldest other method becomes preferred');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(requestsTo(fetch, payoutsContracts.remove)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Actions for Everyday chequing' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove "Everyday chequing"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Your payout method has been removed.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Your payout methods' });
    await waitFor(() => expect(headings(list)).toEqual(['Savings']));
    expect(within(list).getByRole('listitem')).toHaveTextContent('Preferred');
  });

  it('keeps the dialog open and says why when a method is in use', async () => {
    signIn();
    const { user } = await renderApp({
      path: '/payout-methods',
      route: payoutsApi([method()], { 'payouts.remove': () => apiError('PAYOUT_METHOD_IN_USE') }),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Everyday chequing' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove "Everyday chequing"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText(/This payout method is in use and cannot be removed\./),
    ).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('offers to add the first method when there is none', async () => {
    signIn();
    const { user } = await renderApp({ path: '/payout-methods', route: payoutsApi([]) });
    expect(await screen.findByText('You have not added a payout method yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a payout method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up a payout method' });
    expect(within(dialog).getByRole('button', { name: 'Bank transfer' })).toBeInTheDocument();
  });

  it('says when the methods cannot be loaded, with a retry', async () => {
    signIn();
    let fail = true;
    const { user } = await renderApp({
      path: '/payout-methods',
      route: payoutsApi([], {
        'payouts.methods': () => (fail ? apiError('SERVICE_UNAVAILABLE') : [method()]),
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load this right now.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Everyday chequing' })).toBeInTheDocument();
  });

  it('shows an agent acting for the customer the methods without any change', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user, agentId: ids.agent });
    await renderApp({ path: '/payout-methods', route: payoutsApi([method()]) });
    expect(await screen.findByRole('heading', { name: 'Everyday chequing' })).toBeInTheDocument();
    expect(
      screen.getByText('Only the account holder can add or change payout methods.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a payout method' })).toBeNull();
  });
});

describe('adding a payout method', () => {
  const openForm = async (route = payoutsApi([])) => {
    signIn();
    const app = await renderApp({ path: '/payout-methods', route });
    await app.user.click(await screen.findByRole('button', { name: 'Add a payout method' }));
    const setup = await screen.findByRole('dialog', { name: 'Set up a payout method' });
    await app.user.click(within(setup).getByRole('button', { name: 'Bank transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a payout method' });
    await within(dialog).findByRole('textbox', { name: /Transit number/ });
    return { ...app, dialog };
  };

  it("draws the provider's fields: read-only prefilled, the reference never shown", async () => {
    const { dialog } = await openForm();
    expect(dialog).toHaveTextContent('Bank transfer in CAD.');
    expect(within(dialog).getByRole('combobox', { name: /Account holder/ })).toHaveTextContent(
      'Individual',
    );
    // The provider's first choice, as the Corpay form has it: the user may change it.
    expect(within(dialog).getByRole('radio', { name: 'Chequing' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Savings' })).toBeEnabled();
    expect(within(dialog).queryByRole('textbox', { name: /Reference/ })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: /Description/ })).toHaveAttribute(
      'maxlength',
      '45',
    );
  });

  it('finds the bank from 3 characters and fills what the bank list gives', async () => {
    const { user, dialog } = await openForm();
    const bank = within(dialog).getByRole('textbox', { name: /^Bank/ });
    const find = within(dialog).getByRole('button', { name: 'Find' });
    await user.type(bank, 'ro');
    expect(find).toBeDisabled();
    await user.type(bank, 'y');
    expect(find).toBeEnabled();
    await user.click(find);
    const banks = await within(dialog).findByRole('list', { name: '1 bank found: choose yours' });
    const choice = within(banks).getByRole('button', { name: /Royal Bank Of Canada/ });
    // Title-cased, the postal code as it is.
    expect(choice).toHaveTextContent('200 Bay Street, Toronto, M5J 2J5');
    await user.click(choice);
    expect(bank).toHaveValue('Royal Bank Of Canada');
    expect(within(dialog).getByRole('textbox', { name: /Institution number/ })).toHaveValue('003');
    expect(within(dialog).queryByRole('list', { name: /bank found/ })).toBeNull();
  });

  it('warns when no bank matches', async () => {
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByRole('textbox', { name: /^Bank/ }), 'zzzz');
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('No results match your search.')).toBeInTheDocument();
  });

  it('checks every field before sending, then sends the values with the hidden reference', async () => {
    const { user, dialog, fetch } = await openForm();
    await user.click(within(dialog).getByRole('button', { name: 'Save payout method' }));
    const description = within(dialog).getByRole('textbox', { name: /Description/ });
    await waitFor(() => expect(description).toHaveAccessibleDescription('This field is required.'));
    const transit = within(dialog).getByRole('textbox', { name: /Transit number/ });
    expect(transit).toHaveAccessibleDescription('This field is required.');
    expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Enter your email address.',
    );
    expect(requestsTo(fetch, payoutsContracts.create)).toEqual([]);

    await user.type(description, 'Everyday chequing');
    await user.type(within(dialog).getByRole('textbox', { name: /Institution number/ }), '003');
    await user.type(transit, '123');
    await user.type(within(dialog).getByRole('textbox', { name: /Account number/ }), '1234567');
    await user.click(within(dialog).getByRole('radio', { name: 'Chequing' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'uma@example');
    await user.click(within(dialog).getByRole('button', { name: 'Save payout method' }));
    await waitFor(() => expect(transit).toHaveAccessibleDescription('This value is not valid.'));
    expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Enter a valid email address.',
    );
    expect(requestsTo(fetch, payoutsContracts.create)).toEqual([]);

    await user.type(transit, '45');
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), '.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save payout method' }));
    const complete = await screen.findByRole('dialog', { name: 'Setup complete' });
    expect(screen.getByText('Your payout method has been added.')).toBeInTheDocument();
    expect(requestsTo(fetch, payoutsContracts.create).map((r) => r.body)).toEqual([
      {
        description: 'Everyday chequing',
        type: 'BANK-MANUAL',
        currency: 'CAD',
        legalType: 'INDIVIDUAL',
        institutionNumber: '003',
        transitNumber: '12345',
        accountNumber: '1234567',
        accountType: 'CHECKING',
        emailAddress: 'uma@example.com',
        reference: 'TERN',
      },
    ]);
    // Not from the flight-cover purchase: nothing to continue.
    expect(within(complete).queryByRole('button', { name: /Continue/ })).toBeNull();
    await user.click(within(complete).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { name: 'Everyday chequing' })).toBeInTheDocument();
  });

  it("shows the provider's refusal on the field it names", async () => {
    const route = payoutsApi([], {
      'payouts.create': () =>
        jsonResponse(422, {
          code: 'PAYMENT_FIELDS_INVALID',
          status: 422,
          message: 'invalid',
          details: [{ field: 'accountNumber', message: 'validation.invalid' }],
        }),
    });
    const { user, dialog } = await openForm(route);
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Mine');
    await user.type(within(dialog).getByRole('textbox', { name: /Institution number/ }), '003');
    await user.type(within(dialog).getByRole('textbox', { name: /Transit number/ }), '12345');
    const account = within(dialog).getByRole('textbox', { name: /Account number/ });
    await user.type(account, '1234560000');
    await user.click(within(dialog).getByRole('radio', { name: 'Savings' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'uma@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save payout method' }));
    await waitFor(() => expect(account).toHaveAccessibleDescription('This value is not valid.'));
    expect(screen.getByRole('dialog', { name: 'Add a payout method' })).toBeInTheDocument();
  });

  it('asks for the password when the sign-in is not recent, and sends it', async () => {
    let asked = 0;
    const route = payoutsApi([], {
      'payouts.create': ({ body }) => {
        if (!body.password) {
          asked += 1;
          return apiError('RECENT_SIGN_IN_REQUIRED', { field: 'password' });
        }
        return method({ description: body.description });
      },
    });
    const { user, dialog, fetch } = await openForm(route);
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Mine');
    await user.type(within(dialog).getByRole('textbox', { name: /Institution number/ }), '003');
    await user.type(within(dialog).getByRole('textbox', { name: /Transit number/ }), '12345');
    await user.type(within(dialog).getByRole('textbox', { name: /Account number/ }), '1234567');
    await user.click(within(dialog).getByRole('radio', { name: 'Savings' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'uma@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save payout method' }));
    const password = await within(dialog).findByLabelText(/Current password|Password/);
    await waitFor(() => expect(password).toHaveAccessibleDescription(/Confirm it is you/));
    await user.type(password, 'Secret-pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Save payout method' }));
    expect(await screen.findByRole('dialog', { name: 'Setup complete' })).toBeInTheDocument();
    expect(asked).toBe(1);
    expect(requestsTo(fetch, payoutsContracts.create).at(-1)?.body.password).toBe('Secret-pass1');
  });

  /** The EUR fields: the IBAN first, its country then tells the lookup where to search. */
  const eurFields: RequiredField[] = [
    {
      key: 'iban',
      name: 'iban',
      label: 'IBAN',
      type: 'text',
      required: true,
      validationRegexp: ['^[A-Za-z]{2}\\d{2}[A-Za-z0-9 ]{11,40}$'],
    },
    {
      key: 'bankName',
      name: 'bankName',
      label: 'Bank',
      type: 'text',
      required: false,
      lookupField: { searchToFieldsMapping: { institutionName: 'bankName', bic: 'bic' } },
    },
    { key: 'bic', name: 'bic', label: 'BIC', type: 'text', required: true },
    // Not flagged required, yet always is (spec 1 §5): the form marks it so.
    {
      key: 'accountNumber',
      name: 'accountNumber',
      label: 'Account',
      type: 'text',
      required: false,
    },
  ];
  const commerzbank: Bank = {
    primaryKey: 'COBADEFF',
    institutionName: 'COMMERZBANK AG',
    address1: 'KAISERPLATZ',
    city: 'FRANKFURT AM MAIN',
    postalCode: '60311',
    bic: 'COBADEFFXXX',
  };

  it("pays in another of the partner's currencies: its fields, the bank found where the IBAN says", async () => {
    const searched: string[] = [];
    const route = payoutsApi([], {
      'payouts.config': () => ({
        payouts: { supplier: 'manual', providers: ['BANK-MANUAL'], currencies: ['CAD', 'EUR'] },
        country: { iso: 'CA', currency: 'CAD' },
      }),
      'payouts.requiredFields': ({ query }) => {
        if (query.bankSearch !== undefined) {
          searched.push(`${query.country}:${query.bankSearch}`);
          return [commerzbank];
        }
        return query.currency === 'EUR' ? eurFields : cadFields;
      },
      'payouts.create': ({ body }) =>
        body.iban === 'DE89 3704 0044 0532 0130 01'
          ? jsonResponse(422, {
              code: 'PAYMENT_FIELDS_INVALID',
              status: 422,
              message: 'invalid',
              details: [{ field: 'iban', message: 'validation.invalid' }],
            })
          : method({ currency: 'EUR', description: body.description }),
    });
    const { user, dialog, fetch } = await openForm(route);
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Euro account');
    await user.click(within(dialog).getByRole('combobox', { name: /Currency of the account/ }));
    await user.click(await screen.findByRole('option', { name: 'EUR · Euro' }));
    const iban = await within(dialog).findByRole('textbox', { name: /IBAN/ });
    expect(within(dialog).queryByRole('textbox', { name: /Transit number/ })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: /Account number/ })).toBeRequired();
    // The description typed stays when the fields change.
    expect(within(dialog).getByRole('textbox', { name: /Description/ })).toHaveValue(
      'Euro account',
    );
    const bank = within(dialog).getByRole('textbox', { name: /^Bank/ });
    await user.type(bank, 'commerz');
    expect(within(dialog).getByRole('button', { name: 'Find' })).toBeDisabled();
    expect(bank).toHaveAccessibleDescription(
      'Enter your IBAN first: it tells us where your bank is.',
    );
    await user.type(iban, 'DE89 3704 0044 0532 0130 01');
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    const banks = await within(dialog).findByRole('list', { name: '1 bank found: choose yours' });
    await user.click(within(banks).getByRole('button', { name: /Commerzbank Ag/ }));
    expect(searched).toEqual(['DE:commerz']);
    expect(within(dialog).getByRole('textbox', { name: /BIC/ })).toHaveValue('COBADEFFXXX');
    // The keyboard carries on from the lookup field.
    expect(bank).toHaveFocus();
    await user.type(within(dialog).getByRole('textbox', { name: /Account number/ }), '12345678');
    await user.click(within(dialog).getByRole('button', { name: 'Save payout method' }));
    await waitFor(() => expect(iban).toHaveAccessibleDescription('This value is not valid.'));
    await user.clear(iban);
    await user.type(iban, 'DE89 3704 0044 0532 0130 00');
    await user.click(within(dialog).getByRole('button', { name: 'Save payout method' }));
    expect(await screen.findByRole('dialog', { name: 'Setup complete' })).toBeInTheDocument();
    expect(requestsTo(fetch, payoutsContracts.create).at(-1)?.body).toMatchObject({
      currency: 'EUR',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      bankName: 'Commerzbank Ag',
    });
  });

  it('is done with the form once the method exists, even when the list cannot be fetched again', async () => {
    let listed = 0;
    const route = payoutsApi([], {
      'payouts.methods': () => (++listed > 1 ? apiError('SERVICE_UNAVAILABLE') : []),
    });
    const { user, dialog, fetch } = await openForm(route);
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Mine');
    await user.type(within(dialog).getByRole('textbox', { name: /Institution number/ }), '003');
    await user.type(within(dialog).getByRole('textbox', { name: /Transit number/ }), '12345');
    await user.type(within(dialog).getByRole('textbox', { name: /Account number/ }), '1234567');
    await user.click(within(dialog).getByRole('radio', { name: 'Savings' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'uma@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save payout method' }));
    expect(await screen.findByRole('dialog', { name: 'Setup complete' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add a payout method' })).toBeNull();
    expect(requestsTo(fetch, payoutsContracts.create)).toHaveLength(1);
  });
});

describe('the payment-rails widget', () => {
  const widgetUrl = 'http://portal.test/payment-rails/widget/abcdefghijklmnopqrstuvwxyz?lang=en';
  const railsConfig = () => ({
    payouts: {
      supplier: 'payment-rails' as const,
      providers: ['BANK-MANUAL' as const],
      currencies: ['GBP' as const],
    },
    country: { iso: 'GB', currency: 'GBP' as const },
  });

  it("shows the supplier's page and hears only that page that the method exists", async () => {
    signIn();
    let held: PayoutMethod[] = [];
    const { user } = await renderApp({
      path: '/payout-methods',
      route: fakeApi({
        'payouts.config': railsConfig,
        'payouts.methods': () => held,
        'payouts.widget': () => ({ url: widgetUrl }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add a payout method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up a payout method' });
    const frame = await within(dialog).findByTitle<HTMLIFrameElement>(
      'Add your bank account with our payment partner',
    );
    expect(frame).toHaveAttribute('src', widgetUrl);
    held = [method({ type: 'BANK-RAILS', currency: 'GBP', description: 'Business account' })];
    const message = (origin: string, source: MessageEventSource | null) =>
      window.dispatchEvent(
        new MessageEvent('message', {
          origin,
          source,
          data: { type: 'tern:payout-method-created', payoutMethodId: ids.method },
        }),
      );
    // Another origin, or another window of the right origin: not the supplier's page.
    message('http://evil.test', frame.contentWindow);
    message('http://portal.test', window);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: 'Setup complete' })).toBeNull();
    message('http://portal.test', frame.contentWindow);
    const complete = await screen.findByRole('dialog', { name: 'Setup complete' });
    await user.click(within(complete).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { name: 'Business account' })).toBeInTheDocument();
  });

  it('asks for a new sign-in when the session is too old for the page', async () => {
    signIn();
    const { user } = await renderApp({
      path: '/payout-methods',
      route: fakeApi({
        'payouts.config': railsConfig,
        'payouts.widget': () => apiError('RECENT_SIGN_IN_REQUIRED'),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add a payout method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up a payout method' });
    expect(
      await within(dialog).findByText(
        'For your security, sign in again before you add a bank account.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
  });
});
