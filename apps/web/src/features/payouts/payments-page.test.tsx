import { screen, waitFor, within } from '@testing-library/react';
import { payoutsContracts } from '@tern/domain/payouts/contracts';
import type { Payment } from '@tern/domain/payouts/payments';
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
  failureText: null,
  requestedAt: '2026-11-23T09:00:00.000Z',
  sentAt: null,
  settledAt: null,
  failedAt: null,
  resentAt: null,
  replacedAt: null,
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
            failureReason: 'R14 account closed',
            failureText: { key: 'payouts:payments.failure.ACCOUNT_CLOSED', params: {} },
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
      'The payment failed: the bank returned it, the account is closed',
    );
  });

  it('says why a payment failed in the reader’s language, not the provider’s (issue 25 item 5.13)', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    await renderApp({
      path: '/payments',
      language: 'fr',
      route: fakeApi({ 'payouts.payments': () => [failed()] }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('la banque l’a renvoyé, le compte est clôturé');
    expect(alert).not.toHaveTextContent('account closed');
  });

  const failedId = '14141414-1414-4414-8414-141414141414';
  const other = '15151515-1515-4515-8515-151515151515';
  const failed = (overrides: Partial<Payment> = {}) =>
    payment({
      paymentId: failedId,
      status: 'failed',
      failedAt: '2026-11-22T10:00:00.000Z',
      failureReason: 'R14 account closed',
      failureText: { key: 'payouts:payments.failure.ACCOUNT_CLOSED', params: {} },
      ...overrides,
    });
  const open = async (routes: FakeRoutes) => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    const app = await renderApp({ path: '/payments', route: fakeApi(routes) });
    const list = await screen.findByRole('list', { name: 'Your payments' });
    return { ...app, card: within(list).getAllByRole('listitem')[0]! };
  };

  it('offers a failed payment another account and support with its reference', async () => {
    const { card } = await open({ 'payouts.payments': () => [failed()] });
    expect(card).toHaveTextContent(
      `Choose or add another account and we send it again, or contact support with the reference ${failedId}.`,
    );
    expect(within(card).getByRole('button', { name: 'Send it to another account' })).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      `/help/contact?category=PAYOUT&subject=Failed+payment+${failedId}`,
    );
  });

  it('sends it again to the account chosen: not the one it failed on, nor one in another currency', async () => {
    let payments = [failed()];
    const { user, card, fetch } = await open({
      'payouts.payments': () => payments,
      'payouts.methods': () => [
        payoutMethod(),
        payoutMethod({ payoutMethodId: other, description: 'New savings', preferred: 0 }),
        payoutMethod({
          payoutMethodId: '16161616-1616-4616-8616-161616161616',
          description: 'Dollar account',
          currency: 'USD',
          preferred: 0,
        }),
      ],
      'payouts.resend': ({ body }) => {
        payments = [
          failed({
            status: 'requested',
            failureReason: null,
            failedAt: null,
            resentAt: '2026-11-23T10:00:00.000Z',
            method: { ...failed().method!, payoutMethodId: body.payoutMethodId },
          }),
        ];
        return payments[0]!;
      },
    });
    await user.click(within(card).getByRole('button', { name: 'Send it to another account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the payment again' });
    expect(dialog).toHaveTextContent('We send CA$125.50 once more, to the account you choose.');
    const choices = within(dialog).getAllByRole('radio');
    expect(choices.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'New savings · ****4321',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await within(dialog).findByText('This field is required.')).toBeVisible();
    expect(requestsTo(fetch, payoutsContracts.resend)).toEqual([]);
    await user.click(within(dialog).getByRole('radio', { name: 'New savings · ****4321' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('We are sending the payment again.')).toBeVisible();
    expect(
      requestsTo(fetch, payoutsContracts.resend).map((r) => [r.params?.paymentId, r.body]),
    ).toEqual([[failedId, { payoutMethodId: other }]]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Send the payment again' })).toBeNull(),
    );
    const list = screen.getByRole('list', { name: 'Your payments' });
    expect(
      await within(list).findByText('Sent again to another account 2026-11-23 10:00 UTC'),
    ).toBeVisible();
    expect(within(list).queryByRole('button', { name: 'Send it to another account' })).toBeNull();
  });

  it('offers to add an account where there is no other in its currency', async () => {
    const { user, card } = await open({
      'payouts.payments': () => [failed()],
      'payouts.methods': () => [payoutMethod()],
    });
    await user.click(within(card).getByRole('button', { name: 'Send it to another account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the payment again' });
    expect(dialog).toHaveTextContent(
      'You have no other account in CAD yet. Add one to receive this payment.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add a payout method' }));
    expect(await screen.findByRole('dialog', { name: 'Set up a payout method' })).toBeVisible();
  });

  it('says so when the API will not send it again', async () => {
    const { user, card } = await open({
      'payouts.payments': () => [failed()],
      'payouts.methods': () => [payoutMethod({ payoutMethodId: other, description: 'New' })],
      'payouts.resend': () => apiError('PAYMENT_NOT_RESENDABLE'),
    });
    await user.click(within(card).getByRole('button', { name: 'Send it to another account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the payment again' });
    await user.click(within(dialog).getByRole('radio', { name: /New/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(
      await screen.findByText(
        /This payment cannot be sent again: it has not failed, or it has been sent again already./,
      ),
    ).toBeVisible();
  });

  it('leaves support as the way on once it was resent and failed again, and nothing once paid otherwise', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    await renderApp({
      path: '/payments',
      route: fakeApi({
        'payouts.payments': () => [
          failed({ resentAt: '2026-11-22T11:00:00.000Z' }),
          failed({ paymentId: other, replacedAt: '2026-11-22T12:00:00.000Z' }),
        ],
      }),
    });
    const list = await screen.findByRole('list', { name: 'Your payments' });
    const [again, replaced] = within(list).getAllByRole('listitem');
    expect(within(again!).queryByRole('button', { name: 'Send it to another account' })).toBeNull();
    expect(again).toHaveTextContent(
      `Contact support with the reference ${failedId} and we will sort it out.`,
    );
    expect(within(again!).getByRole('link', { name: 'Contact support' })).toBeVisible();
    expect(replaced).toHaveTextContent('We have paid it with another payment.');
    expect(within(replaced!).queryByRole('button')).toBeNull();
    expect(within(replaced!).queryByRole('link')).toBeNull();
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
