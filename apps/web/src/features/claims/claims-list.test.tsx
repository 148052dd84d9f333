import { screen, waitFor, within } from '@testing-library/react';
import { claimsContracts } from '@tern/domain/claims/contracts';
import type { ItemAlert } from '@tern/domain/claims/schemas';
import { LIVE_EVENTS } from '@tern/domain/live';
import { describe, expect, it } from 'vitest';
import { apiError, requestsTo, type FakeRoutes } from '../../test/fake-api.ts';
import { fakeEventStreams } from '../../test/fake-fetch.ts';
import { axeViolations } from './test/axe.ts';
import { claimIds, claimOf, itemOf, offerDataset } from './test/claim-fixtures.ts';
import { openAsHarbourCustomer } from './test/open-claims-page.ts';

const open = (routes: FakeRoutes = {}, path = '/claims') =>
  openAsHarbourCustomer(path, { 'claims.items': () => [itemOf()], ...routes });
/** The page's chunk loads on first render: slow on a loaded 2-core machine, hence the wait. */
const FIRST_PAINT = { timeout: 10_000 };
const claimCard = (number = 'HM-CLM-2027-0001') =>
  screen.findByRole('listitem', { name: `Claim ${number}` }, FIRST_PAINT);
/** The expanded part's facts (in the page, hidden, while the card is closed). */
const details = (card: HTMLElement) =>
  card.querySelector<HTMLElement>('[aria-label^="Details of claim"]');
const second = claimOf({
  alertId: claimIds.otherAlert,
  claimNumber: 'HM-CLM-2027-0002',
  alertType: 'POWER_OUTAGE',
  data: { currency: 'GBP', profitMargin: 12.5, retention: 0, applicableLimit: 1_000_000 },
});

describe('the insurance and claims page: claims', () => {
  it('opens the only claim expanded, with every field of the card', async () => {
    const { fetch } = await open({ 'claims.alerts': () => [claimOf()] });
    const card = await claimCard();
    expect(within(card).getByText('Revenue prediction missing')).toBeVisible();
    expect(card).toHaveTextContent('BusinessQuayside Café');
    expect(card).toHaveTextContent('TypeFlood');
    expect(card).toHaveTextContent('Event date2027-03-14 09:30 UTC');
    const facts = details(card);
    expect(facts).toBeVisible();
    expect(facts).toHaveTextContent('DescriptionWater at the premises above the cover’s threshold');
    expect(facts).toHaveTextContent('Restoration period2027-03-14 – 2027-09-13');
    expect(facts).toHaveTextContent('Profit margin30%');
    expect(facts).toHaveTextContent('Retention£500');
    expect(facts).toHaveTextContent('Applicable limit£25,000');
    expect(facts).toHaveTextContent(
      'TriggerFlood: 45 cm measured against a threshold of 30 cm (source: Environment Agency gauge)',
    );
    expect(card).toHaveTextContent('Progress: 3 steps remaining');
    expect(within(card).getByRole('progressbar', { name: /Progress/ })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(within(card).getByRole('button', { name: 'Hide details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(
      within(card).getByRole('button', { name: 'Enter your revenue prediction' }),
    ).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Timeline' })).toHaveAttribute(
      'href',
      `/claim/history/${claimIds.alert}`,
    );
    // Every claim, open and closed: not the dashboard's open ones.
    expect(
      requestsTo(fetch, claimsContracts.alerts).some((r) => r.query.active === undefined),
    ).toBe(true);
    expect(await axeViolations()).toEqual([]);
  });

  it('shows a retention of 0 and leaves out one the cover does not have', async () => {
    const without = claimOf({
      alertId: 'e3e3e3e3-e3e3-4e3e-8e3e-e3e3e3e3e3e3',
      claimNumber: 'HM-CLM-2027-0003',
      data: { currency: 'GBP', profitMargin: 30, retention: null, applicableLimit: 2_500_000 },
    });
    const { user } = await open({ 'claims.alerts': () => [second, without] });
    const zero = await claimCard('HM-CLM-2027-0002');
    const none = await claimCard('HM-CLM-2027-0003');
    // Two claims and none named: both start closed.
    expect(details(zero)).not.toBeVisible();
    await user.click(within(zero).getByRole('button', { name: 'Show details' }));
    await user.click(within(none).getByRole('button', { name: 'Show details' }));
    await waitFor(() => expect(details(none)).toBeVisible());
    expect(details(zero)).toHaveTextContent('Retention£0');
    expect(details(zero)).toHaveTextContent('Profit margin12.5%');
    expect(details(zero)).toHaveTextContent('Applicable limit£10,000');
    expect(zero).toHaveTextContent('TypePower outage');
    expect(details(none)).not.toHaveTextContent('Retention');
    expect(details(none)).toHaveTextContent('Applicable limit£25,000');
  });

  it('opens the claim the address names, and only it', async () => {
    await open(
      { 'claims.alerts': () => [claimOf(), second] },
      `/claims?alertId=${claimIds.otherAlert}`,
    );
    expect(details(await claimCard('HM-CLM-2027-0002'))).toBeVisible();
    expect(details(await claimCard('HM-CLM-2027-0001'))).not.toBeVisible();
  });

  it.each<[string, Partial<ItemAlert>, string, string | null, string]>([
    [
      'an offer to review',
      {
        status: 'USER-CONFIRM-OFFER',
        datasets: [{ ...claimOf().datasets[0]!, completed: true }, offerDataset(true)],
      },
      'Offer to review',
      'Review the offer',
      '1 step remaining',
    ],
    [
      'an offer on its way',
      {
        status: 'USER-CONFIRM-OFFER',
        datasets: [{ ...claimOf().datasets[0]!, completed: true }, offerDataset(false)],
      },
      'Waiting for the offer',
      null,
      '2 steps remaining',
    ],
    [
      'an adjusted offer',
      {
        status: 'USER-CONFIRM-DISPUTE',
        datasets: [{ ...claimOf().datasets[0]!, completed: true }, offerDataset(true)],
      },
      'Offer disputed',
      'Review the adjusted offer',
      '1 step remaining',
    ],
    [
      'an accepted offer',
      {
        status: 'OFFER-ACCEPTED',
        confirmed: true,
        datasets: [{ ...claimOf().datasets[0]!, completed: true }, offerDataset(true)],
      },
      'Offer accepted',
      null,
      'all steps done',
    ],
    [
      'a rejected adjusted offer',
      {
        status: 'USER-CONFIRM-DISPUTE',
        completed: true,
        datasets: [{ ...claimOf().datasets[0]!, completed: true }, offerDataset(true)],
      },
      'Rejected',
      null,
      'all steps done',
    ],
    [
      'a status the portal does not know',
      {
        status: 'INSURER-REVIEW',
        datasets: [{ ...claimOf().datasets[0]!, completed: true }, offerDataset(true)],
      },
      'Status: INSURER-REVIEW',
      null,
      '1 step remaining',
    ],
  ])(
    'shows %s with its status, action and progress',
    async (_, claim, status, action, progress) => {
      await open({ 'claims.alerts': () => [claimOf(claim)] });
      const card = await claimCard();
      expect(within(card).getByText(status)).toBeVisible();
      expect(card).toHaveTextContent(`Progress: ${progress}`);
      const actions = [
        'Enter your revenue prediction',
        'Review the offer',
        'Review the adjusted offer',
      ];
      for (const name of actions)
        if (name === action) expect(within(card).getByRole('button', { name })).toBeVisible();
        else expect(within(card).queryByRole('button', { name })).toBeNull();
    },
  );

  it('shows who handles the claim, --- for what is missing, and the broker on its tab', async () => {
    const { user } = await open({
      'claims.alerts': () => [claimOf({ brokerAssignee: null })],
    });
    await user.click(within(await claimCard()).getByRole('button', { name: 'Contacts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim HM-CLM-2027-0001: contacts' });
    const assignee = within(dialog).getByRole('tabpanel', { name: 'Claims handler' });
    expect(assignee).toHaveTextContent('First nameCora');
    expect(assignee).toHaveTextContent('SurnameMarsh');
    expect(assignee).toHaveTextContent('Emailclaims@harbourmutual.example');
    expect(assignee).toHaveTextContent('Mobile---');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('tab', { name: 'Broker' }));
    expect(within(dialog).getByRole('tabpanel', { name: 'Broker' })).toHaveTextContent('Email---');
  });

  it('says there is no claim pending and what happens if the business is disrupted', async () => {
    await open();
    expect(await screen.findByText('You have no claims pending.')).toBeVisible();
    expect(screen.getByText('If your business is disrupted')).toBeVisible();
    expect(screen.getByText(/a claim opens by itself and we email you/)).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows a claim a trigger opens while the page is open, expanded as the only one', async () => {
    const streams = fakeEventStreams();
    let claims: ItemAlert[] = [];
    await open({
      'accounts.events': ({ init }) => streams.respond(init.signal),
      'claims.alerts': () => claims,
    });
    expect(await screen.findByText('You have no claims pending.')).toBeVisible();
    await waitFor(() => expect(streams.open).toBe(1));
    claims = [claimOf()];
    streams.send(LIVE_EVENTS.change, { keys: ['ITEM_ALERTS', claimsContracts.alerts.id] });
    expect(details(await claimCard())).toBeVisible();
  });

  it('says when the claims cannot be loaded, and loads them on Try again', async () => {
    let fail = true;
    const { user } = await open({
      'claims.alerts': () => (fail ? apiError('INTERNAL_ERROR') : [claimOf()]),
    });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 8_000 });
    fail = false;
    await user.click(retry);
    expect(await claimCard()).toBeVisible();
  });

  it.each([
    [
      'fr',
      'Assurance et sinistres',
      'Sinistre HM-CLM-2027-0001',
      'Franchise500 £GB',
      'Marge bénéficiaire30 %',
    ],
    [
      'es',
      'Seguro y reclamaciones',
      'Reclamación HM-CLM-2027-0001',
      'Franquicia500 GBP',
      'Margen de beneficio30 %',
    ],
  ] as const)('reads in %s', async (language, title, heading, retention, margin) => {
    await openAsHarbourCustomer(
      '/claims',
      { 'claims.items': () => [itemOf()], 'claims.alerts': () => [claimOf()] },
      language,
    );
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    const card = await screen.findByRole('listitem', { name: heading });
    expect(card.textContent?.replace(/\s/g, ' ')).toContain(retention.replace(/\s/g, ' '));
    expect(card.textContent?.replace(/\s/g, ' ')).toContain(margin.replace(/\s/g, ' '));
  });
});
