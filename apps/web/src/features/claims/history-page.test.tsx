import { screen, within } from '@testing-library/react';
import { claimsContracts } from '@tern/domain/claims/contracts';
import { LIVE_EVENTS } from '@tern/domain/live';
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { apiError, requestsTo, type FakeRoutes } from '../../test/fake-api.ts';
import { fakeEventStreams } from '../../test/fake-fetch.ts';
import { axeViolations } from './test/axe.ts';
import { claimIds, claimOf, eventOf } from './test/claim-fixtures.ts';
import { openAsHarbourCustomer } from './test/open-claims-page.ts';

const HISTORY = `/claim/history/${claimIds.alert}`;
/** The page's chunk loads on first render: slow on a loaded 2-core machine, hence the wait. */
const FIRST_PAINT = { timeout: 10_000 };
const open = (routes: FakeRoutes, path = HISTORY) => openAsHarbourCustomer(path, routes);

const trigger = eventOf({
  at: '2027-03-14T09:30:00.000Z',
  actor: 'system',
  kind: 'trigger',
  details: {
    type: 'flood',
    measuredValue: 45,
    threshold: 30,
    unit: 'cm',
    source: 'Environment Agency gauge',
    at: '2027-03-14T09:30:00.000Z',
  },
});
const opened = eventOf({
  at: '2027-03-14T09:31:00.000Z',
  actor: 'insurer',
  kind: 'opened',
  details: {},
});
const file = eventOf({
  at: '2027-03-20T08:00:00.000Z',
  actor: 'customer',
  kind: 'file-added',
  details: { name: 'till-rolls.pdf', year: 2027, month: 3 },
});
const revenue = eventOf({
  at: '2027-04-01T00:05:00.000Z',
  actor: 'system',
  kind: 'actual-revenue',
  details: { year: 2027, month: 3, revenue: 1_234_567 },
});
const paid = eventOf({
  at: '2027-04-03T10:00:00.000Z',
  actor: 'agent',
  kind: 'payout-paid',
  details: { year: 2027, month: 3 },
});

describe('the claim timeline', () => {
  it('shows the claim and its trigger, then every event newest first with its time, actor and sentence', async () => {
    const { fetch } = await open({
      'claims.history': () => ({
        alert: claimOf(),
        events: [trigger, opened, file, revenue, paid],
      }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Claim timeline' }, FIRST_PAINT),
    ).toBeVisible();
    const header = await screen.findByRole('region', { name: 'Claim HM-CLM-2027-0001' });
    expect(header).toHaveTextContent('BusinessQuayside Café');
    expect(header).toHaveTextContent('StatusRevenue prediction missing');
    expect(header).toHaveTextContent(
      'TriggerFlood: 45 cm measured against a threshold of 30 cm (source: Environment Agency gauge)',
    );
    const events = within(screen.getByRole('list', { name: 'What happened' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(events).toEqual([
      // A detail the entry lacks shows as ---.
      '2027-04-03 10:00 UTC · Our agent--- paid for March 2027',
      '2027-04-01 00:05 UTC · AutomaticActual revenue for March 2027 from your bank: £12,345.67',
      '2027-03-20 08:00 UTC · YouFile till-rolls.pdf added for March 2027',
      '2027-03-14 09:31 UTC · InsurerClaim opened',
      '2027-03-14 09:30 UTC · AutomaticFlood: 45 cm measured against a threshold of 30 cm (source: Environment Agency gauge)',
    ]);
    expect(screen.getByRole('link', { name: 'Back to insurance and claims' })).toHaveAttribute(
      'href',
      `/claims?alertId=${claimIds.alert}`,
    );
    expect(requestsTo(fetch, claimsContracts.history)[0]!.params.alertId).toBe(claimIds.alert);
    expect(await axeViolations()).toEqual([]);
  });

  it('says a claim that is not the user’s cannot be found, with the way back', async () => {
    const { user } = await open({ 'claims.history': () => apiError('ALERT_NOT_FOUND') });
    expect(await screen.findByText('We could not find this claim.', {}, FIRST_PAINT)).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Back to insurance and claims' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Insurance and claims' }),
    ).toBeVisible();
  });

  it('takes an address that is no claim id as not found', async () => {
    await open({}, '/claim/history/not-a-claim');
    expect(await screen.findByText('We could not find this claim.')).toBeVisible();
  });

  it('adds what happens while it is open', async () => {
    const streams = fakeEventStreams();
    let events = [trigger, opened];
    await open({
      'accounts.events': ({ init }) => streams.respond(init.signal),
      'claims.history': () => ({ alert: claimOf(), events }),
    });
    const list = await screen.findByRole('list', { name: 'What happened' });
    await waitFor(() => expect(streams.open).toBe(1));
    events = [...events, revenue];
    streams.send(LIVE_EVENTS.change, { keys: [claimsContracts.history.id] });
    expect(
      await within(list).findByText('Actual revenue for March 2027 from your bank: £12,345.67'),
    ).toBeVisible();
  });

  it('says when the timeline cannot be loaded, and loads it on Try again', async () => {
    let fail = true;
    const { user } = await open({
      'claims.history': () =>
        fail ? apiError('INTERNAL_ERROR') : { alert: claimOf(), events: [opened] },
    });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 8_000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('Claim opened')).toBeVisible();
  });
});
