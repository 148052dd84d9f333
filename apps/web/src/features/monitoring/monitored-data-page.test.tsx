import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MONITORED_REFRESH_MS } from '@tern/domain/constants';
import { LIVE_EVENTS } from '@tern/domain/live-events';
import { monitoringContracts } from '@tern/domain/monitoring/contracts';
import type { MonitoredItem, Subscriptions } from '@tern/domain/monitoring/schemas';
import { useImperativeHandle, type Ref } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, requestsTo } from '../../test/fake-api.ts';
import { fakeEventStreams, jsonResponse } from '../../test/fake-fetch.ts';
import { axeViolations } from './test/axe.ts';
import { alertOf, breachOf, itemOf, monitoringIds, subscriptionsOf } from './test/fixtures.ts';
import { openAsNorthbankCustomer } from './test/open-monitoring.ts';

// The card vault's frame is its own origin's page: here a stand-in answering as the frame's
// events would, with a token or with the key of its refusal.
type FrameAnswer = { token: string; displayValue: string } | { error: string };
const frame: { answer: FrameAnswer } = vi.hoisted(() => ({
  answer: { token: 'tok_4242', displayValue: '**** 4242' },
}));
vi.mock('./card-frame/card-frame.tsx', () => ({
  CardFrame: ({
    label,
    onTokenised,
    onError,
    ref,
  }: {
    label: string;
    onTokenised: (result: { token: string; displayValue: string }) => void;
    onError: (key: string | null) => void;
    ref?: Ref<{ submit: () => void }>;
  }) => {
    useImperativeHandle(ref, () => ({
      submit: () => {
        const answer = frame.answer;
        if ('error' in answer) onError(answer.error);
        else onTokenised(answer);
      },
    }));
    return <p>{label} (secure frame)</p>;
  },
}));

/** The page's chunk loads on first render: slow on a loaded 2-core machine, hence the wait. */
const FIRST_PAINT = { timeout: 10_000 };
const open = (routes: Parameters<typeof openAsNorthbankCustomer>[1] = {}, language?: 'es' | 'fr') =>
  openAsNorthbankCustomer('/monitored-data', routes, language);
const row = (name: RegExp) => screen.findByRole('button', { name }, FIRST_PAINT);
const passportOf = (n: number, overrides: Partial<MonitoredItem> = {}) =>
  itemOf({
    id: n === 1 ? monitoringIds.passport : monitoringIds.created,
    dataType: 'PASSPORT',
    friendlyName: `Passport ${n}`,
    displayValue: `****345${n}`,
    ...overrides,
  });

/** Expands a type's row unless it is open, and gives its items' region. */
async function openRow(name: RegExp) {
  const summary = await row(name);
  if (summary.getAttribute('aria-expanded') !== 'true') fireEvent.click(summary);
  const region = document.getElementById(summary.getAttribute('aria-controls') ?? '');
  if (!region) throw new Error(`no items region for ${name}`);
  await waitFor(() => expect(summary).toHaveAttribute('aria-expanded', 'true'));
  return region;
}

describe('the monitored-data page', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    frame.answer = { token: 'tok_4242', displayValue: '**** 4242' };
  });

  it('shows one row per type, grouped by category, with "n of max", titled and in the navigation', async () => {
    await open({
      'monitoring.subscriptions': () =>
        subscriptionsOf({ EMAIL_ADDRESS: [itemOf()], PASSPORT: [passportOf(1)] }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Monitored data' }, FIRST_PAINT),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Monitored data · Northbank'));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Monitored data' })).toHaveAttribute(
      'href',
      '/monitored-data',
    );
    // The alerts' section shows before the items have loaded: wait for the first category.
    await screen.findByRole('heading', { level: 2, name: 'Money' }, FIRST_PAINT);
    const categories = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(categories).toEqual(['Money', 'Contact details', 'Identity documents', 'Alerts']);
    const money = screen.getByRole('region', { name: 'Money' });
    expect(
      within(money)
        .getAllByRole('button', { expanded: false })
        .map((b) => b.textContent),
    ).toEqual(['Bank account numbers0 of 5', 'Cards0 of 5', 'IBANs0 of 5', 'Other cards0 of 5']);
    expect(await row(/^Email addresses/)).toHaveTextContent('Email addresses1 of 5');
    expect(await row(/^Passports/)).toHaveTextContent('Passports1 of 2');
    // A type holding items opens with them in view.
    const emails = await openRow(/^Email addresses/);
    const item = within(emails).getByRole('listitem', { name: 'Personal email' });
    expect(item).toHaveTextContent('um****@example.com');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the add button only while the count is below the maximum', async () => {
    await open({
      'monitoring.subscriptions': () =>
        subscriptionsOf(
          { PASSPORT: [passportOf(1), passportOf(2)], EMAIL_ADDRESS: [itemOf()] },
          { PASSPORT: 2 },
        ),
    });
    const passports = await openRow(/^Passports/);
    expect(await row(/^Passports/)).toHaveTextContent('2 of 2');
    expect(within(passports).queryByRole('button', { name: 'Add a passport' })).toBeNull();
    expect(passports).toHaveTextContent('You have added the maximum for this type.');
    const emails = await openRow(/^Email addresses/);
    expect(within(emails).getByRole('button', { name: 'Add an email address' })).toBeVisible();
  });

  it('leaves out a type the partner gives no room', async () => {
    await open({ 'monitoring.subscriptions': () => subscriptionsOf({}, { MEDICAL_ID: 0 }) });
    await row(/^Passports/);
    expect(screen.queryByRole('button', { name: /^Health card numbers/ })).toBeNull();
  });

  it('offers "View action plan" only for an item with alerts, opening its most severe open alert', async () => {
    const worse = alertOf({ alertId: monitoringIds.closedAlert, completed: true });
    const open1 = alertOf({
      alertId: monitoringIds.otherAlert,
      breach: breachOf({ title: 'TicketHub', name: 'TicketHub' }),
    });
    const withAlerts = itemOf({
      alerts: [
        { alertId: monitoringIds.closedAlert, completed: true },
        { alertId: monitoringIds.otherAlert, completed: false },
      ],
    });
    const quiet = itemOf({ id: monitoringIds.created, friendlyName: 'Work email' });
    const { user, fetch } = await open({
      'monitoring.subscriptions': () => subscriptionsOf({ EMAIL_ADDRESS: [withAlerts, quiet] }),
      // Ranked by the API: the closed one first (the most severe), then the open one.
      'monitoring.alerts': () => [worse, open1],
      'monitoring.alert': ({ params }) => [params.alertId === open1.alertId ? open1 : worse],
      'monitoring.actions': () => [],
    });
    const emails = await openRow(/^Email addresses/);
    const personal = within(emails).getByRole('listitem', { name: 'Personal email' });
    expect(personal).toHaveTextContent('1 open alert');

    await user.click(within(emails).getByRole('button', { name: 'Actions for Work email' }));
    let menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'View action plan' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await user.click(within(emails).getByRole('button', { name: 'Actions for Personal email' }));
    menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'View action plan' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'TicketHub: your data was found' }),
    ).toBeVisible();
    expect(requestsTo(fetch, monitoringContracts.alert).map((r) => r.params.alertId)).toEqual([
      open1.alertId,
    ]);
  });

  it('deletes an item only on Confirm: Back keeps it', async () => {
    let data: Subscriptions = subscriptionsOf({ EMAIL_ADDRESS: [itemOf()] });
    const { user, fetch } = await open({
      'monitoring.subscriptions': () => data,
      'monitoring.deleteItem': ({ params }) => {
        data = subscriptionsOf();
        return { id: params.id, deleted: true };
      },
    });
    const emails = await openRow(/^Email addresses/);
    const actions = within(emails).getByRole('button', { name: 'Actions for Personal email' });
    await user.click(actions);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    let sure = await screen.findByRole('dialog', { name: 'Stop monitoring Personal email?' });
    expect(sure).toHaveTextContent(
      'We will stop watching this item. Its alerts stay in your list.',
    );
    expect(await axeViolations()).toEqual([]);
    await user.click(within(sure).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(fetch, monitoringContracts.deleteItem)).toEqual([]);
    expect(within(emails).getByRole('listitem', { name: 'Personal email' })).toBeVisible();

    await user.click(actions);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    sure = await screen.findByRole('dialog', { name: 'Stop monitoring Personal email?' });
    await user.click(within(sure).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Personal email is no longer monitored.')).toBeVisible();
    expect(requestsTo(fetch, monitoringContracts.deleteItem)[0]!.params.id).toBe(
      monitoringIds.email,
    );
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Personal email' })).toBeNull(),
    );
    expect(await row(/^Email addresses/)).toHaveTextContent('0 of 5');
  });

  it('refuses a passport number of no format of the partner’s countries, then adds a valid one and reads the list again every 2 minutes, 3 more times', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let data = subscriptionsOf();
    const created = passportOf(1, { displayValue: '****3456', country: 'CA' });
    const { user, fetch } = await open({
      'monitoring.subscriptions': () => data,
      'monitoring.addItem': () => {
        data = subscriptionsOf({ PASSPORT: [created] });
        return created;
      },
    });
    const passports = await openRow(/^Passports/);
    await user.click(within(passports).getByRole('button', { name: 'Add a passport' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passport' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Passport 1');
    const number = within(dialog).getByRole('textbox', { name: 'Passport number' });
    await user.type(number, 'AB12345');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Enter a valid passport number.')).toBeVisible();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetch, monitoringContracts.addItem)).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    await user.clear(number);
    await user.type(number, 'AB123456');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Passport 1 is now monitored.')).toBeVisible();
    const [sent] = requestsTo(fetch, monitoringContracts.addItem);
    expect(sent!.params.dataType).toBe('PASSPORT');
    expect(sent!.body).toEqual({ displayName: 'Passport 1', value: 'AB123456', token: 'No' });
    expect(
      await within(passports).findByRole('listitem', { name: 'Passport 1' }),
    ).toHaveTextContent('****3456');

    const reads = () => requestsTo(fetch, monitoringContracts.subscriptions).length;
    const before = reads();
    for (const n of [1, 2, 3]) {
      await act(() => vi.advanceTimersByTimeAsync(MONITORED_REFRESH_MS - 1_000));
      expect(reads()).toBe(before + n - 1);
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      await waitFor(() => expect(reads()).toBe(before + n));
    }
    await act(() => vi.advanceTimersByTimeAsync(3 * MONITORED_REFRESH_MS));
    expect(reads()).toBe(before + 3);
  });

  it('refuses a description longer than 200 characters', async () => {
    const { user, fetch } = await open();
    const emails = await openRow(/^Email addresses/);
    await user.click(within(emails).getByRole('button', { name: 'Add an email address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an email address' });
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    // The field stops typing at 200; a pasted or filled-in value can still be longer.
    expect(description).toHaveAttribute('maxlength', '200');
    fireEvent.change(description, { target: { value: 'x'.repeat(201) } });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Email address' }),
      'uma@example.com',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Use at most 200 characters.')).toBeVisible();
    expect(requestsTo(fetch, monitoringContracts.addItem)).toEqual([]);
  });

  it.each([
    [
      'a value the API refuses, on the value',
      () =>
        jsonResponse(400, {
          code: 'VALIDATION_FAILED',
          status: 400,
          message: 'Invalid body',
          field: 'value',
          details: [{ field: 'value', message: 'validation.invalidPassport' }],
        }),
      'Enter a valid passport number.',
    ],
    [
      'a value already watched, on the value',
      () => apiError('DUPLICATE_ENTRY'),
      'This entry already exists.',
    ],
    [
      'a full type, above the fields',
      () => apiError('SUBSCRIPTION_FULL'),
      'You have reached the maximum number of items for this type.',
    ],
  ])('shows %s', async (_, answer, text) => {
    const { user } = await open({ 'monitoring.addItem': answer });
    const passports = await openRow(/^Passports/);
    await user.click(within(passports).getByRole('button', { name: 'Add a passport' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passport' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Passport 1');
    await user.type(within(dialog).getByRole('textbox', { name: 'Passport number' }), 'AB123456');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(text)).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Add a passport' })).toBeVisible();
  });

  it('renames an item: the value stays, the description changes', async () => {
    let item = itemOf();
    const { user, fetch } = await open({
      'monitoring.subscriptions': () => subscriptionsOf({ EMAIL_ADDRESS: [item] }),
      'monitoring.renameItem': ({ body }) =>
        (item = itemOf({ friendlyName: body.displayName, displayName: body.displayName })),
    });
    const emails = await openRow(/^Email addresses/);
    await user.click(within(emails).getByRole('button', { name: 'Actions for Personal email' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Personal email' });
    expect(dialog).toHaveTextContent('Email address: um****@example.com.');
    expect(within(dialog).queryByRole('textbox', { name: 'Email address' })).toBeNull();
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'Main email');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The description has been saved.')).toBeVisible();
    expect(requestsTo(fetch, monitoringContracts.renameItem)[0]).toMatchObject({
      params: { id: monitoringIds.email },
      body: { displayName: 'Main email' },
    });
    expect(await within(emails).findByRole('listitem', { name: 'Main email' })).toBeVisible();
  });

  it('adds a card through the card frame: the token and its display value are sent, never a number', async () => {
    const card = itemOf({
      id: monitoringIds.card,
      dataType: 'CARD',
      friendlyName: 'Everyday Visa',
      displayValue: '**** 4242',
      tokenised: true,
    });
    const { user, fetch } = await open({ 'monitoring.addItem': () => card });
    const cards = await openRow(/^Cards/);
    await user.click(within(cards).getByRole('button', { name: 'Add a card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    expect(within(dialog).getByText('Card number (secure frame)')).toBeVisible();
    expect(within(dialog).queryByRole('textbox', { name: 'Card number' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Everyday Visa');

    frame.answer = { error: 'validation.invalidCardNumber' };
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    // The frame shows (and announces) its own refusal: the form waits, adds nothing, repeats nothing.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add' })).toBeEnabled());
    expect(within(dialog).queryByText('Enter a valid card number.')).toBeNull();
    expect(requestsTo(fetch, monitoringContracts.addItem)).toEqual([]);

    frame.answer = { token: 'tok_4242', displayValue: '**** 4242' };
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Everyday Visa is now monitored.')).toBeVisible();
    const [sent] = requestsTo(fetch, monitoringContracts.addItem);
    expect(sent!.params.dataType).toBe('CARD');
    expect(sent!.body).toEqual({
      displayName: 'Everyday Visa',
      token: 'tok_4242',
      displayValue: '**** 4242',
    });
  });

  it('lists the alerts most severe first, with the level, the reasons and the doubts said, each leading to its plan', async () => {
    const card = alertOf({
      alertId: monitoringIds.alert,
      dataType: 'CARD',
      friendlyName: 'Everyday Visa',
      displayValue: '**** 4242',
      breach: breachOf({
        title: 'PayFast',
        dataClasses: ['Credit cards', 'Credit card CVV'],
      }),
    });
    const spam = alertOf({
      alertId: monitoringIds.otherAlert,
      breach: breachOf({ title: 'Spambot list', isSpamList: true, isVerified: false }),
    });
    const unconfirmed = alertOf({
      alertId: monitoringIds.closedAlert,
      breach: breachOf({ title: 'ForumHub', isVerified: false }),
      completed: true,
      dismissal: { reason: 'never_used_service' },
    });
    await open({ 'monitoring.alerts': () => [card, spam, unconfirmed] });
    const openList = await screen.findByRole('list', { name: 'Open alerts' }, FIRST_PAINT);
    const cards = within(openList).getAllByRole('listitem', { name: /: your data/ });
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'PayFast: your data was found',
      'Spambot list: your data may be involved',
    ]);
    expect(cards[0]).toHaveTextContent('Critical risk');
    expect(cards[0]).toHaveTextContent(
      'The card number was exposed with its expiry date or security code, so it can be used for payments straight away.',
    );
    expect(cards[0]).toHaveTextContent('Data exposedCredit cards, Credit card CVV');
    expect(cards[0]).toHaveTextContent('Breach date20th November 2026');
    expect(cards[1]).toHaveTextContent('Spam list');
    expect(cards[1]).toHaveTextContent('Low risk');
    expect(cards[1]).toHaveTextContent(
      'Your item is in a list used to send spam, not in a breach of a service you use.',
    );
    expect(
      within(cards[0]!).getByRole('link', {
        name: 'View action plan: PayFast: your data was found',
      }),
    ).toHaveAttribute('href', `/monitored-data/action-plan?alertId=${card.alertId}`);

    const closed = screen.getByRole('list', { name: 'Closed alerts' });
    const doubtful = within(closed).getByRole('listitem', { name: /: your data/ });
    expect(doubtful).toHaveTextContent('ForumHub: your data may be involved');
    expect(doubtful).toHaveTextContent('Not confirmed');
    expect(doubtful).toHaveTextContent(
      'The breach source has not confirmed that this breach happened.',
    );
    expect(doubtful).toHaveTextContent('Not meI have never used this service');
    // Open alerts lead the page.
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('Alerts');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows an alert the scan raises on the open page, through the live events', async () => {
    const streams = fakeEventStreams();
    let alerts = [] as ReturnType<typeof alertOf>[];
    await open({
      'accounts.events': ({ init }) => streams.respond(init.signal),
      'monitoring.alerts': () => alerts,
    });
    expect(
      await screen.findByText(
        'No alerts. As soon as any of your data is found in a breach, we tell you by email and here.',
        {},
        FIRST_PAINT,
      ),
    ).toBeVisible();
    await waitFor(() => expect(streams.open).toBe(1));
    alerts = [alertOf()];
    streams.send(LIVE_EVENTS.change, { keys: ['OWL_ALERTS'] });
    expect(
      await screen.findByRole('heading', { name: 'ExampleShop: your data was found' }),
    ).toBeVisible();
  });

  it('says when the monitored data cannot be loaded, and loads it on Try again', async () => {
    let fail = true;
    const { user } = await open({
      'monitoring.subscriptions': () => (fail ? apiError('INTERNAL_ERROR') : subscriptionsOf()),
    });
    // A server failure is tried again twice (1 s, then 2 s) before it is shown.
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText(/You are not monitoring any data yet\./)).toBeVisible();
  });

  it.each([
    ['es', 'Datos vigilados', 'Documentos de identidad', 'Pasaportes0 de 2'],
    ['fr', 'Données surveillées', 'Pièces d’identité', 'Passeports0 sur 2'],
  ] as const)('reads in %s', async (language, title, category, passports) => {
    await open({}, language);
    expect(
      await screen.findByRole('heading', { level: 1, name: title }, FIRST_PAINT),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { level: 2, name: category })).toBeVisible();
    expect(await row(/^Pas/)).toHaveTextContent(passports);
  });
});
