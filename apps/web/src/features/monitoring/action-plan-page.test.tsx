import { screen, waitFor, within } from '@testing-library/react';
import { contentContracts } from '@tern/domain/content/contracts';
import { monitoringContracts } from '@tern/domain/monitoring/contracts';
import type { AlertAction, MonitoringAlert } from '@tern/domain/monitoring/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, requestsTo, type FakeRoutes } from '../../test/fake-api.ts';
import { axeViolations } from './test/axe.ts';
import { actionOf, alertOf, breachOf, monitoringIds } from './test/fixtures.ts';
import { openAsNorthbankCustomer } from './test/open-monitoring.ts';

const FIRST_PAINT = { timeout: 10_000 };
const planPath = (alertId: string) => `/monitored-data/action-plan?alertId=${alertId}`;

/** A UK passport found with dates of birth in TravelDocs' breach: critical. */
const passportAlert = (overrides: Partial<MonitoringAlert> = {}) =>
  alertOf({
    itemId: monitoringIds.passport,
    dataType: 'PASSPORT',
    friendlyName: 'Passport 1',
    displayValue: '****3456',
    country: 'GB',
    breach: breachOf({
      title: 'TravelDocs',
      name: 'TravelDocs',
      dataClasses: ['Passport numbers', 'Dates of birth', 'Names'],
    }),
    actionsTotal: 2,
    ...overrides,
  });

/** A plan kept by the fake API: PUT answers and records each step as the API does. */
function planApi(alert: MonitoringAlert, steps: AlertAction[]): FakeRoutes {
  let actions = steps;
  return {
    'monitoring.alerts': () => [alert],
    'monitoring.alert': () => [alert],
    'monitoring.actions': () => actions,
    'monitoring.setAction': ({ body }) => {
      const saved = actionOf(body.actionItem, {
        alertId: alert.alertId,
        completed: body.completed,
        completedOn: body.completed ? (body.completedOn ?? '2027-02-03T10:00:00.000Z') : null,
      });
      actions = actions.map((a) => (a.actionItem === saved.actionItem ? saved : a));
      return saved;
    },
  };
}

const stepButton = (title: string) =>
  screen.findByRole('button', { name: new RegExp(`${title.replace(/[()]/g, '\\$&')}`) });

describe('the action-plan page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the alert and its steps worded for the item’s country; a tick is sent, counted and kept for a reload', async () => {
    const alert = passportAlert();
    const steps = [actionOf('passport_gb_report_hmpo'), actionOf('passport_keep_evidence')];
    const first = await openAsNorthbankCustomer(planPath(alert.alertId), planApi(alert, steps));
    expect(
      await screen.findByRole(
        'heading',
        { level: 2, name: 'TravelDocs: your data was found' },
        FIRST_PAINT,
      ),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Action plan · Northbank'));
    const card = screen.getByRole('region', { name: 'TravelDocs: your data was found' });
    expect(card).toHaveTextContent('Critical risk');
    expect(card).toHaveTextContent(
      "An identity number was exposed together with dates of birth: enough to open accounts in someone's name.",
    );
    expect(card).toHaveTextContent('ItemPassport 1 (Passport number, ****3456)');
    // The source's HTML is shown as its text only.
    expect(card).toHaveTextContent('In November 2026, ExampleShop lost its customer database.');
    expect(within(card).queryByRole('link', { name: 'ExampleShop' })).toBeNull();

    expect(await screen.findByTestId('plan-progress')).toHaveTextContent('Fixed 0 of 2');
    const hmpo = await stepButton('Report it to HM Passport Office (UK)');
    expect(await stepButton('Keep a record')).toBeVisible();
    await first.user.click(hmpo);
    const body = document.getElementById(hmpo.getAttribute('aria-controls')!)!;
    expect(body).toHaveTextContent(
      'If your passport was lost or stolen, report it on GOV.UK (“Report a lost or stolen passport”). HM Passport Office cancels it at once',
    );
    expect(await axeViolations()).toEqual([]);
    await first.user.click(within(body).getByRole('checkbox', { name: 'I have done this step' }));

    await waitFor(() =>
      expect(screen.getByTestId('plan-progress')).toHaveTextContent('Fixed 1 of 2'),
    );
    const [sent] = requestsTo(first.fetch, monitoringContracts.setAction);
    expect(sent!.params.alertId).toBe(alert.alertId);
    expect(sent!.body).toMatchObject({ actionItem: 'passport_gb_report_hmpo', completed: true });
    expect(Date.parse(sent!.body.completedOn!)).not.toBeNaN();
    expect(within(body).getByRole('checkbox', { name: 'I have done this step' })).toBeChecked();
    const kept = JSON.parse(window.sessionStorage.getItem('tern.monitoring-actions') ?? '{}');
    expect(Object.values(kept)).toEqual([
      [
        expect.objectContaining({ actionItem: 'passport_gb_report_hmpo', completed: true }),
        expect.objectContaining({ actionItem: 'passport_keep_evidence', completed: false }),
      ],
    ]);

    // A reload: the server is slow to answer the plan, the tick shows from this tab's storage.
    first.unmount();
    await openAsNorthbankCustomer(planPath(alert.alertId), {
      ...planApi(alert, steps),
      'monitoring.actions': () => new Promise<never>(() => undefined),
    });
    expect(await screen.findByTestId('plan-progress', {}, FIRST_PAINT)).toHaveTextContent(
      'Fixed 1 of 2',
    );
    expect(await stepButton('Report it to HM Passport Office (UK)')).toHaveAccessibleName(/^Done/);
  });

  it('takes a refused tick back and says why', async () => {
    const alert = passportAlert();
    const { user } = await openAsNorthbankCustomer(planPath(alert.alertId), {
      ...planApi(alert, [actionOf('passport_gb_report_hmpo'), actionOf('passport_keep_evidence')]),
      'monitoring.setAction': () => apiError('ALERT_NOT_FOUND'),
    });
    await user.click(await stepButton('Keep a record'));
    const box = await screen.findByRole('checkbox', { name: 'I have done this step' });
    await user.click(box);
    expect(await screen.findByRole('alert')).toHaveTextContent(/contact support/);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(screen.getByTestId('plan-progress')).toHaveTextContent('Fixed 0 of 2');
  });

  it('closes an alert as “this isn’t me”, sending the reason and the note', async () => {
    let alert = passportAlert();
    const { user, fetch } = await openAsNorthbankCustomer(planPath(alert.alertId), {
      ...planApi(alert, [actionOf('passport_keep_evidence')]),
      'monitoring.alert': () => [alert],
      'monitoring.updateAlert': ({ body }) =>
        (alert = passportAlert({
          completed: body.completed,
          completedOn: body.completedOn ?? null,
          dismissal: body.dismissal ?? null,
        })),
    });
    await user.click(await screen.findByRole('button', { name: "This isn't me" }, FIRST_PAINT));
    const dialog = await screen.findByRole('dialog', { name: "This isn't me" });
    expect(dialog).toHaveTextContent('Tell us why the data found in TravelDocs is not yours.');
    await user.click(within(dialog).getByRole('button', { name: 'Close the alert' }));
    expect(await within(dialog).findByText('This field is required.')).toBeVisible();
    expect(requestsTo(fetch, monitoringContracts.updateAlert)).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'I have never used this service' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Note (optional)' }),
      '  I have never travelled with them.  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close the alert' }));
    expect(await screen.findByText('The alert is closed.')).toBeVisible();
    const [sent] = requestsTo(fetch, monitoringContracts.updateAlert);
    expect(sent!.params.alertId).toBe(alert.alertId);
    expect(sent!.body).toMatchObject({
      completed: true,
      dismissal: { reason: 'never_used_service', note: 'I have never travelled with them.' },
    });
    const card = screen.getByRole('region', { name: 'TravelDocs: your data was found' });
    await waitFor(() => expect(card).toHaveTextContent('Not meI have never used this service'));
    expect(within(card).queryByRole('button', { name: "This isn't me" })).toBeNull();
  });

  it('orders a replacement card from the partner and shows its reference', async () => {
    const alert = alertOf({
      itemId: monitoringIds.card,
      dataType: 'CARD',
      friendlyName: 'Everyday Visa',
      displayValue: '**** 4242',
      breach: breachOf({ title: 'PayFast', dataClasses: ['Credit cards', 'Credit card CVV'] }),
    });
    const steps = [
      actionOf('card_order_replacement', { partnerAction: 'card_order_replacement' }),
      actionOf('card_review_transactions'),
    ];
    const routes = planApi(alert, steps);
    const { user, fetch } = await openAsNorthbankCustomer(planPath(alert.alertId), {
      ...routes,
      'monitoring.replaceCard': () => ({
        reference: 'NB-RC-1001',
        requestedOn: '2027-02-03T10:00:00.000Z',
      }),
    });
    await user.click(await stepButton('Order a replacement card'));
    await user.click(await screen.findByRole('button', { name: 'Order a replacement card' }));
    expect(
      await screen.findByText(
        'Your replacement card is ordered: reference NB-RC-1001, 3rd February 2027.',
      ),
    ).toBeVisible();
    expect(requestsTo(fetch, monitoringContracts.replaceCard)[0]!.params.alertId).toBe(
      alert.alertId,
    );
    // The plan is read again: the partner marked its step done.
    await waitFor(() =>
      expect(requestsTo(fetch, monitoringContracts.actions).length).toBeGreaterThan(1),
    );
  });

  it('starts another alert’s plan afresh when it is chosen', async () => {
    const first = passportAlert();
    const second = alertOf({
      alertId: monitoringIds.otherAlert,
      breach: breachOf({ title: 'TicketHub', name: 'TicketHub' }),
    });
    const { user, fetch } = await openAsNorthbankCustomer(planPath(first.alertId), {
      'monitoring.alerts': () => [first, second],
      'monitoring.alert': ({ params }) => [params.alertId === second.alertId ? second : first],
      'monitoring.actions': ({ params }) =>
        params.alertId === second.alertId
          ? [actionOf('email_change_password', { alertId: second.alertId })]
          : [actionOf('passport_keep_evidence')],
      'content.articles': () => [
        {
          plan_title: 'Identity Watch',
          id: 'after-a-breach',
          title: 'After a breach',
          body: 'Act **quickly**.',
        },
        {
          plan_title: 'Identity Watch',
          id: 'what-we-watch',
          title: 'What we watch',
          body: 'Ten types.',
        },
      ],
    });
    const step = await stepButton('Keep a record');
    await user.click(step);
    expect(step).toHaveAttribute('aria-expanded', 'true');
    // The plan articles of the partner's help content, one open at a time.
    const articles = await screen.findByRole('region', { name: 'Read more' });
    const article = within(articles).getByRole('button', { name: 'After a breach' });
    await user.click(article);
    expect(await within(articles).findByText('quickly')).toBeVisible();
    expect(requestsTo(fetch, contentContracts.articles)[0]?.params.locale).toBe('en');

    await user.click(screen.getByRole('combobox', { name: 'Alert' }));
    await user.click(
      await screen.findByRole('option', {
        name: /^Personal email · TicketHub: your data was found/,
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'TicketHub: your data was found' }),
    ).toBeVisible();
    expect(await stepButton('Change your email password')).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByRole('button', { name: /Keep a record/ })).toBeNull();
    // Choosing another alert clears the open article too.
    expect(
      within(await screen.findByRole('region', { name: 'Read more' })).getByRole('button', {
        name: 'After a breach',
      }),
    ).toHaveAttribute('aria-expanded', 'false');
    expect(requestsTo(fetch, monitoringContracts.alert).map((r) => r.params.alertId)).toEqual([
      first.alertId,
      second.alertId,
    ]);
  });

  it('toggles the cost-info panel', async () => {
    const alert = passportAlert();
    const { user } = await openAsNorthbankCustomer(
      planPath(alert.alertId),
      planApi(alert, [actionOf('passport_keep_evidence')]),
    );
    const toggle = await screen.findByRole(
      'button',
      { name: 'What can identity theft cost?' },
      FIRST_PAINT,
    );
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'The cost of identity theft' })).toBeNull();
    await user.click(toggle);
    const panel = await screen.findByRole('region', { name: 'The cost of identity theft' });
    expect(panel).toHaveTextContent('ask Northbank support whether your plan covers these costs');
    await user.click(screen.getByRole('button', { name: 'Hide the costs' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'The cost of identity theft' })).toBeNull(),
    );
  });

  it('says when the alert is not the user’s, and when it cannot be loaded, with a retry', async () => {
    const { unmount } = await openAsNorthbankCustomer(planPath(monitoringIds.alert), {
      'monitoring.alert': () => apiError('ALERT_NOT_FOUND'),
    });
    expect(
      await screen.findByText(/We could not find this alert\./, {}, FIRST_PAINT),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to monitored data' })).toHaveAttribute(
      'href',
      '/monitored-data',
    );
    unmount();

    let fail = true;
    const alert = passportAlert();
    const { user } = await openAsNorthbankCustomer(planPath(alert.alertId), {
      ...planApi(alert, [actionOf('passport_keep_evidence')]),
      'monitoring.alert': () => (fail ? apiError('INTERNAL_ERROR') : [alert]),
    });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
    fail = false;
    await user.click(retry);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'TravelDocs: your data was found' }),
    ).toBeVisible();
  });

  it('leads to an alert when none is named', async () => {
    const alert = passportAlert();
    const { user } = await openAsNorthbankCustomer('/monitored-data/action-plan', {
      'monitoring.alerts': () => [alert],
      'monitoring.alert': () => [alert],
      'monitoring.actions': () => [actionOf('passport_keep_evidence')],
    });
    expect(
      await screen.findByText(
        'Choose an alert on one of your monitored items to see its action plan.',
        {},
        FIRST_PAINT,
      ),
    ).toBeVisible();
    await user.click(await screen.findByRole('combobox', { name: 'Alert' }));
    await user.click(await screen.findByRole('option', { name: /TravelDocs/ }));
    expect(await screen.findByTestId('plan-progress')).toHaveTextContent('Fixed 0 of 1');
  });
});
