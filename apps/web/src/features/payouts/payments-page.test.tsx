import { screen, within } from '@testing-library/react';
import type { Payment } from '@tern/domain/payouts/payments';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../core/session/session-store.ts';
import { apiError, fakeApi, ids } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const payment = (overrides: Partial<Payment>): Payment => ({
  paymentId: '12121212-1212-4212-8212-121212121212',
  amount: 12550,
  currency: 'CAD',
  reason: 'Cash option for the delay of AC123',
  reasonText: null,
  status: 'requested',
  method: {
    payoutMethodId: ids.method,
    description: 'Everyday chequing',
    type: 'BANK-MANUAL',
    accountNumber: '****4321',
  },
  providerReference: null,
  failureReason: null,
  requestedAt: '2026-11-23T09:00:00.000Z',
  sentAt: null,
  settledAt: null,
  failedAt: null,
  ...overrides,
});

describe('payments page', () => {
  it('shows each payment with its amount, method, status and when it got there', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    await renderApp({
      path: '/payments',
      route: fakeApi({
        'payouts.payments': () => [
          payment({
            paymentId: '13131313-1313-4313-8313-131313131313',
            status: 'settled',
            sentAt: '2026-11-23T09:01:00.000Z',
            settledAt: '2026-11-23T09:05:00.000Z',
            providerReference: 'SIM-TR-42',
          }),
          payment({
            amount: 4000,
            reason: 'Goodwill',
            status: 'failed',
            method: null,
            failedAt: '2026-11-22T10:00:00.000Z',
            failureReason: 'Account closed',
          }),
        ],
      }),
    });
    const list = await screen.findByRole('list', { name: 'Your payments' });
    const [settled, failed] = within(list).getAllByRole('listitem');
    expect(within(settled!).getByRole('heading')).toHaveTextContent('$125.50');
    expect(settled).toHaveTextContent('Paid');
    expect(settled).toHaveTextContent('Cash option for the delay of AC123');
    expect(settled).toHaveTextContent('To Everyday chequing ****4321');
    expect(settled).toHaveTextContent('Paid 2026-11-23 09:05 UTC · Reference SIM-TR-42');
    expect(within(failed!).getByRole('heading')).toHaveTextContent('$40.00');
    expect(failed).toHaveTextContent('To a payout method since removed');
    expect(failed).toHaveTextContent('Failed 2026-11-22 10:00 UTC');
    expect(within(failed!).getByRole('alert')).toHaveTextContent(
      'The payment failed: Account closed',
    );
  });

  it('says when there is no payment yet', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    await renderApp({ path: '/payments', route: fakeApi({ 'payouts.payments': () => [] }) });
    expect(
      await screen.findByText('No payments yet. When we pay you, the payment shows here.'),
    ).toBeInTheDocument();
  });

  it('says when the payments cannot be loaded, with a retry', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    let fail = true;
    const { user } = await renderApp({
      path: '/payments',
      route: fakeApi({
        'payouts.payments': () => (fail ? apiError('SERVICE_UNAVAILABLE') : [payment({})]),
      }),
    });
    // The page's own alert, not the notice the outage also raises above the page.
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Requested 2026-11-23 09:00 UTC')).toBeInTheDocument();
  });
});

describe('the reason of a payment Tern wrote (issue 25 item 5.13)', () => {
  it('is in the reader’s language, its date in their format; a partner’s reason stays as given', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    await renderApp({
      path: '/payments',
      language: 'de',
      route: fakeApi({
        'payouts.payments': () => [
          payment({
            reason: 'Disruption of AC856 on 2026-12-01',
            reasonText: {
              key: 'resolutions:texts.payment_reason',
              params: { flight: 'AC856', embarkDate: '2026-12-01' },
            },
          }),
          payment({ paymentId: '14141414-1414-4414-8414-141414141414', reason: 'Goodwill' }),
        ],
      }),
    });
    const [resolution, goodwill] = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(resolution).toHaveTextContent('Störung von Flug AC856 am 1. Dezember 2026');
    expect(resolution).not.toHaveTextContent('Disruption of');
    expect(goodwill).toHaveTextContent('Goodwill');
  });
});
