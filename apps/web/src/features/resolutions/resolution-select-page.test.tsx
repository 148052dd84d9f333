import { screen, waitFor, within } from '@testing-library/react';
import { payoutsContracts } from '@tern/domain/payouts/contracts';
import { resolutionsContracts } from '@tern/domain/resolutions/contracts';
import type { ResolutionOption, ResolutionOptions } from '@tern/domain/resolutions/schemas';
import type { RequiredField } from '@tern/domain/payouts/fields';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../core/session/session-store.ts';
import { fakeApi, ids, payoutMethod, requestsTo, type FakeRoutes } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const loungeId = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const cashId = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const at = '2026-11-30T10:00:00.000Z';

const optionOf = (
  overrides: Partial<ResolutionOption> & Pick<ResolutionOption, 'id' | 'type'>,
): ResolutionOption => ({
  state: {
    status: 'Initial',
    resolution: { resolutionId: overrides.id, flightId: ids.flight },
    booking: null,
    lounges: [],
    availableHotels: [],
    alternateFlights: [],
    confirmation: null,
    payment: null,
  },
  dependency: null,
  prize: null,
  points: null,
  currency: null,
  cap: null,
  capped: 0,
  manual: 0,
  chosenType: null,
  loungeId: null,
  payoutMethodId: null,
  firstName: null,
  surname: null,
  rejected: 0,
  callMe: 0,
  flightIds: [],
  alternateId: null,
  stage: null,
  passes: [],
  created: at,
  ...overrides,
});

const optionsOf = (
  resolutions: ResolutionOption[],
  policy: Partial<ResolutionOptions['policy']> = {},
): ResolutionOptions => ({
  resolutions,
  insured: {
    payoutCurrency: 'CAD',
    payouts: 'partner',
    disruptionOptions: { yesAllowed: true, noAllowed: true, callMeAllowed: false },
    passengers: [{ passengerId: ids.passenger, name: 'Uma', surname: 'User' }],
  },
  policy: {
    policyNumber: 'SKY-1001',
    policyCap: 30_000,
    policyCapUsed: 0,
    currency: 'CAD',
    ...policy,
  },
  flight: {
    flightId: ids.flight,
    tripId: ids.trip,
    flightNumber: 'AC856',
    embarkDate: '2026-12-01',
    embarkTime: '08:05',
    origin: 'YYZ',
    destination: 'LHR',
    terminal: '1',
  },
  alert: { alertType: 'DELAY', delayDate: '2026-12-01 11:05', delayMinutes: 180, created: at },
  bag: null,
  item: null,
  next: { resolution: resolutions[0]?.type ?? null },
  evidence: [
    {
      at,
      state: 'scheduled',
      delayMinutes: 180,
      departureLocal: '2026-12-01 11:05',
      divertedTo: null,
      source: 'provider',
      threshold: 180,
      nextThreshold: null,
    },
  ],
  trail: [
    {
      type: 'LOUNGE',
      at,
      from: 'OptionsSent',
      to: 'Rejected',
      actor: 'agent',
      reason: 'Terminal closed',
      mine: 0,
      waitsOn: null,
      payment: null,
    },
  ],
});

const open = async (answer: () => ResolutionOptions, extra: Parameters<typeof fakeApi>[0] = {}) => {
  sessionStore.start({ token: 'tok', userId: ids.user });
  const rendered = await renderApp({
    path: `/resolution/select?category=flights&tripId=${ids.trip}&flightId=${ids.flight}`,
    route: fakeApi({ 'resolutions.options': answer, ...extra }),
  });
  const card = await screen.findByRole('article', { name: 'Flight AC856' });
  return { ...rendered, card };
};

describe('the resolution card', () => {
  it('states the disruption, the evidence and the trail with an agent’s reason, and offers no agent controls to a customer', async () => {
    const { card } = await open(() =>
      optionsOf([optionOf({ id: cashId, type: 'CASH', prize: 5_000, currency: 'CAD' })]),
    );
    expect(card).toHaveTextContent(
      'AC856 on 1st December 2026, YYZ to LHR, is delayed by 3 h 0 min.',
    );
    expect(card).toHaveTextContent('CA$50.00 paid to your bank account.');
    const timeline = within(card).getByRole('region', { name: 'What happened' });
    expect(timeline).toHaveTextContent('reached the 180-minute threshold');
    expect(timeline).toHaveTextContent('Airport lounge: Ready to choose → Declined');
    expect(timeline).toHaveTextContent('Reason: Terminal closed');
    expect(within(card).queryByText('Agent options')).not.toBeInTheDocument();
  });

  it('says the cap is reached, and shows what the cap leaves of an option', async () => {
    const { card } = await open(() =>
      optionsOf(
        [optionOf({ id: cashId, type: 'CASH', prize: 0, cap: 5_000, capped: 1, currency: 'CAD' })],
        {
          policyCapUsed: 30_000,
        },
      ),
    );
    expect(card).toHaveTextContent(
      'Your policy has paid all it covers: no more cash can be claimed.',
    );
    expect(within(card).getByRole('button', { name: 'Claim' })).toBeDisabled();
  });

  it('says what the cap leaves a combined option, in money', async () => {
    const { card } = await open(() =>
      optionsOf([
        optionOf({
          id: cashId,
          type: 'CASH|POINTS',
          prize: 3_000,
          points: 5_000,
          cap: 5_000,
          capped: 1,
          currency: 'CAD',
        }),
      ]),
    );
    expect(card).toHaveTextContent(
      'Your policy is close to its limit: this option pays CA$30.00, what is left.',
    );
  });

  it('confirms a booked lounge by its resolution id, then shows the passes', async () => {
    const booked = optionOf({
      id: loungeId,
      type: 'LOUNGE',
      state: {
        ...optionOf({ id: loungeId, type: 'LOUNGE' }).state,
        status: 'Booked',
        booking: {
          location: {
            name: 'Maple Lounge',
            securityLocation: 'airside',
            terminal: '1',
            directions: { key: null, params: { text: 'Level 2' } },
          },
          name: 'Uma User',
          units: 1,
          confirmation: { displayCode: 'LNG-7K2M9Q', expirydate: at },
        },
      },
      passes: [{ passId: cashId, firstName: 'Uma', surname: 'User' }],
    });
    const confirmed = { ...booked, state: { ...booked.state, status: 'Confirmed' as const } };
    const { card, user, fetch } = await open(() => optionsOf([booked]), {
      'resolutions.confirm': () => optionsOf([confirmed]),
    });
    expect(card).toHaveTextContent(
      'Booked at Maple Lounge for 1 guest. Confirm to receive your pass.',
    );
    await user.click(within(card).getByRole('button', { name: 'Confirm' }));
    expect(await within(card).findByRole('link', { name: 'Pass for Uma User' })).toHaveAttribute(
      'href',
      `/resolution/pass/${cashId}`,
    );
    expect(requestsTo(fetch, resolutionsContracts.confirm)[0]?.params).toEqual({
      resolutionId: loungeId,
    });
  });
});

describe('a combined option: Confirm selection (issue 25 item 5.6)', () => {
  const combined = (chosenType: 'CASH' | 'POINTS' | null) =>
    optionsOf([
      optionOf({
        id: cashId,
        type: 'CASH|POINTS',
        prize: 5_000,
        points: 5_000,
        currency: 'CAD',
        chosenType,
      }),
    ]);

  it('records the kind chosen with the option’s id, then offers its claim', async () => {
    const { card, user, fetch } = await open(() => combined(null), {
      'resolutions.select': () => combined('POINTS'),
    });
    await user.click(within(card).getByRole('radio', { name: /^Loyalty points/ }));
    await user.click(within(card).getByRole('button', { name: 'Confirm selection' }));
    await waitFor(() =>
      expect(requestsTo(fetch, resolutionsContracts.select)[0]?.body).toEqual({
        category: 'flights',
        tripId: ids.trip,
        flightId: ids.flight,
        resolutionId: cashId,
        resolutionType: 'POINTS',
        optionId: cashId,
      }),
    );
    expect(await within(card).findByRole('button', { name: 'Claim' })).toBeInTheDocument();
    expect(card).toHaveTextContent('5,000 points added to your loyalty account.');
    expect(within(card).queryByRole('radio')).not.toBeInTheDocument();
  });

  it('opens on the kind chosen before (a reload), which may be chosen again until claimed', async () => {
    const { card, user } = await open(() => combined('CASH'));
    expect(card).toHaveTextContent('CA$50.00 paid to your bank account.');
    expect(
      within(card).queryByRole('button', { name: 'Confirm selection' }),
    ).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Choose another option' }));
    expect(within(card).getByRole('radio', { name: /^Cash/ })).toBeChecked();
    expect(within(card).getByRole('button', { name: 'Confirm selection' })).toBeInTheDocument();
  });
});

describe('what the providers write, in the reader’s language (issue 25 item 5.13)', () => {
  const hotelId = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
  const rebookingId = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
  const booked = (id: string, type: string, confirmation: object) => {
    const base = optionOf({ id, type });
    return optionOf({
      id,
      type,
      state: {
        ...base.state,
        status: 'Booked',
        confirmation: {
          name: null,
          confirmationNumber: null,
          confirmationMessage: null,
          flights: [],
          prize: null,
          currency: null,
          capped: 0,
          ...confirmation,
        },
      },
    });
  };
  const answer = () =>
    optionsOf([
      booked(hotelId, 'HOTEL', {
        name: 'Toronto Airport Hotel',
        confirmationNumber: 'H1234567',
        confirmationMessage: {
          key: 'resolutions:texts.hotel.booked',
          params: { count: 2, hotel: 'Toronto Airport Hotel', checkIn: '15:00' },
        },
      }),
      booked(rebookingId, 'REBOOKING', {
        flights: [
          {
            flightNumber: 'AC858',
            embarkDate: '2026-12-01T18:05',
            originAirport: 'YYZ',
            destinationAirport: 'LHR',
            confirmationNumber: 'K7Q2M9',
            confirmationMessage: {
              key: 'resolutions:texts.rebooking.booked',
              params: { count: 1, flight: 'AC858' },
            },
          },
        ],
      }),
    ]);

  it('writes the hotel’s and the airline’s confirmations in French', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    await renderApp({
      path: `/resolution/select?category=flights&tripId=${ids.trip}&flightId=${ids.flight}`,
      language: 'fr',
      route: fakeApi({ 'resolutions.options': answer }),
    });
    const card = await screen.findByRole('article', { name: 'Vol AC856' });
    expect(card).toHaveTextContent(
      'Chambre pour 2 personnes à Toronto Airport Hotel, arrivée à partir de 15:00 ; présentez ce numéro à la réception',
    );
    expect(card).toHaveTextContent(
      '1 passager réacheminé sur le AC858 ; enregistrez-vous en ligne 24 h avant le départ',
    );
    expect(card).not.toHaveTextContent(/Rebooked|Room for/);
  });
});

describe('claiming cash: the payout flow of spec 2 §4.8', () => {
  const cash = () =>
    optionsOf([optionOf({ id: cashId, type: 'CASH', prize: 5_000, currency: 'CAD' })]);
  const addressed = { addressLine1: '100 King Street West' };
  const claim = async (
    methods: ReturnType<typeof payoutMethod>[],
    providers: ('BANK-MANUAL' | 'BANK-CORPAY')[] = ['BANK-MANUAL'],
    fields: RequiredField[] = [],
    more: FakeRoutes = {},
  ) => {
    const opened = await open(cash, {
      ...more,
      'payouts.requiredFields': () => fields,
      'payouts.methods': () => methods,
      'payouts.config': () => ({
        payouts: { supplier: 'manual', providers, currencies: ['CAD', 'EUR'] },
        country: { iso: 'CA', currency: 'CAD' },
      }),
      'resolutions.select': () => cash(),
    });
    await opened.user.click(within(opened.card).getByRole('button', { name: 'Claim' }));
    return opened;
  };

  it('opens the setup dialog when no method takes the money’s currency', async () => {
    await claim([payoutMethod({ currency: 'EUR', extras: addressed })]);
    expect(
      await screen.findByRole('dialog', { name: 'Set up a payout method' }),
    ).toBeInTheDocument();
  });

  const addressField: RequiredField = {
    key: 'addressLine1',
    name: 'addressLine1',
    label: 'Address line 1',
    type: 'text',
    required: true,
  };

  /** The move to Corpay, its fields (once loaded) starting from the address already given. */
  const expectCorpayWithAddress = async () => {
    const line1 = await screen.findByRole('textbox', { name: 'Address line 1' });
    expect(line1).toHaveValue(addressed.addressLine1);
    expect(
      screen.getByRole('dialog', { name: 'Move to international bank transfer' }),
    ).toContainElement(line1);
  };

  it('asks a bank method entered by hand for its address first, then goes on to Corpay with it', async () => {
    const { user, fetch } = await claim(
      [payoutMethod()],
      ['BANK-MANUAL', 'BANK-CORPAY'],
      [addressField],
      { 'payouts.update': () => payoutMethod({ extras: addressed }) },
    );
    const address = await screen.findByRole('dialog', { name: "Add the account holder's address" });
    for (const [label, value] of [
      ['Address line 1', addressed.addressLine1],
      ['Address line 2', 'Suite 200'],
      ['Province or region', 'Ontario'],
      ['Town or city', 'Toronto'],
      ['Postal code', 'M5H 1J9'],
    ] as const)
      await user.type(within(address).getByRole('textbox', { name: label }), value);
    await user.click(within(address).getByRole('button', { name: 'Save address' }));
    expect(requestsTo(fetch, payoutsContracts.update)[0]?.body).toMatchObject({
      addressLine1: addressed.addressLine1,
      postCode: 'M5H 1J9',
    });
    // The flow goes on with the method as changed: the next step, not the end of the flow.
    await expectCorpayWithAddress();
  });

  it('moves a manual bank method to Corpay where the partner pays through it, its address kept', async () => {
    await claim(
      [payoutMethod({ extras: addressed })],
      ['BANK-MANUAL', 'BANK-CORPAY'],
      [addressField],
    );
    // The address just given is not asked for again.
    await expectCorpayWithAddress();
  });

  it('lets the user choose among several, then claims with the one chosen after a confirmation', async () => {
    const second = payoutMethod({
      payoutMethodId: loungeId,
      description: 'Savings',
      preferred: 0,
      accountNumber: '****9876',
      extras: addressed,
    });
    const { user, fetch } = await claim([payoutMethod({ extras: addressed }), second]);
    const choose = await screen.findByRole('dialog', {
      name: 'Which account should receive the money?',
    });
    await user.click(within(choose).getByRole('radio', { name: /Savings/ }));
    await user.click(within(choose).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Claim CA$50.00' });
    expect(confirm).toHaveTextContent('We will send CA$50.00 to Savings ****9876.');
    expect(requestsTo(fetch, resolutionsContracts.select)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(requestsTo(fetch, resolutionsContracts.select)[0]?.body).toMatchObject({
        resolutionId: cashId,
        payoutMethodId: loungeId,
        tripId: ids.trip,
        flightId: ids.flight,
      }),
    );
  });
});
