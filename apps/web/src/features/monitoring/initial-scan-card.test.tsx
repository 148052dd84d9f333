import { screen, waitFor, within } from '@testing-library/react';
import { LIVE_EVENTS } from '@tern/domain/live-events';
import type { ScanStatus } from '@tern/domain/monitoring/schemas';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../test/fake-api.ts';
import { fakeEventStreams } from '../../test/fake-fetch.ts';
import { axeViolations } from './test/axe.ts';
import { itemOf, scanOf, subscriptionsOf } from './test/fixtures.ts';
import { openAsNorthbankCustomer } from './test/open-monitoring.ts';

const card = (name: string) => screen.findByRole('region', { name }, { timeout: 10_000 });

describe('the initial scan card', () => {
  it('shows the scan’s progress, then what it found as the live events say it moves', async () => {
    const streams = fakeEventStreams();
    let scan: ScanStatus = scanOf({
      state: 'running',
      itemsScanned: 1,
      itemsTotal: 3,
      completedAt: null,
    });
    await openAsNorthbankCustomer('/dashboard', {
      'accounts.events': ({ init }) => streams.respond(init.signal),
      'monitoring.scan': () => scan,
    });
    const scanCard = await card('Initial scan');
    expect(await within(scanCard).findByText('Checking your data: 1 of 3 items')).toBeVisible();
    const bar = within(scanCard).getByRole('progressbar', {
      name: 'Checking your data: 1 of 3 items',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '33');
    expect(await axeViolations()).toEqual([]);

    await waitFor(() => expect(streams.open).toBe(1));
    scan = scanOf({ itemsScanned: 3, itemsTotal: 3, alertsFound: 2 });
    streams.send(LIVE_EVENTS.change, { keys: ['monitoring.scan'] });
    expect(await within(scanCard).findByText('Your first scan found 2 alerts.')).toBeVisible();
    expect(scanCard).toHaveTextContent('Items checked: 3. Known breaches searched: 1,200.');
    expect(within(scanCard).getByRole('link', { name: 'See your alerts' })).toHaveAttribute(
      'href',
      '/monitored-data',
    );
  });

  it('offers to add data when the scan had nothing to check', async () => {
    await openAsNorthbankCustomer('/dashboard', {
      'monitoring.scan': () => scanOf({ itemsScanned: 0, itemsTotal: 0 }),
    });
    const scanCard = await card('Initial scan');
    expect(
      await within(scanCard).findByText('You have not added any data to monitor yet.'),
    ).toBeVisible();
    expect(within(scanCard).getByRole('link', { name: 'Add data to monitor' })).toHaveAttribute(
      'href',
      '/monitored-data',
    );
  });

  it('falls back to the subscription’s word when the scan cannot be read', async () => {
    await openAsNorthbankCustomer('/dashboard', {
      'monitoring.scan': () => apiError('ROUTE_NOT_FOUND'),
    });
    const scanCard = await card('Initial scan');
    expect(await within(scanCard).findByText(/^Your first scan is complete\./)).toBeVisible();
    // Swallowed (spec 1 §8): no warning for it.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leads from the scan card’s title and the summary’s figures to the monitored-data page', async () => {
    const { user } = await openAsNorthbankCustomer('/dashboard', {
      'monitoring.subscriptions': () => subscriptionsOf({ EMAIL_ADDRESS: [itemOf()] }),
    });
    const scanCard = await card('Initial scan');
    expect(within(scanCard).getByRole('link', { name: 'Initial scan' })).toHaveAttribute(
      'href',
      '/monitored-data',
    );
    const summary = await card('Summary');
    expect(await within(summary).findByRole('link', { name: 'Open alerts: 0' })).toHaveAttribute(
      'href',
      '/monitored-data',
    );
    await user.click(await within(summary).findByRole('link', { name: 'Items monitored: 1' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Monitored data' }, { timeout: 10_000 }),
    ).toBeVisible();
  });
});
