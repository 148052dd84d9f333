import { screen, within } from '@testing-library/react';
import { claimsContracts } from '@tern/domain/claims/contracts';
import type { ItemAlert } from '@tern/domain/claims/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { payoutsContracts } from '@tern/domain/payouts/contracts';
import { payoutMethod, requestsTo, type FakeRoutes } from '../../../test/fake-api.ts';
import AcceptedClaim from './accepted-claim.tsx';
import { axeViolations } from './testing/axe-violations.ts';
import { claimIds, claimOf, datasetOf, monthsOf, payoutOf } from './testing/claim-of.ts';
import { renderClaim } from './testing/render-claim.tsx';

const payoutIds = [1, 2, 3, 4, 5, 6].map((n) => `b${n}111111-1111-4111-8111-111111111111`);

/**
 * An accepted claim four months on: March paid, April waiting for payment details, May being
 * confirmed, June to August still to close. Only March and April count in the total.
 */
const accepted = (): ItemAlert =>
  claimOf({
    status: 'OFFER-ACCEPTED',
    confirmed: true,
    datasets: [
      datasetOf({ completed: true, data: monthsOf([1, 2, 3, 4, 5, 6].map(() => 1_500_000)) }),
      datasetOf({
        datasetId: claimIds.offer,
        name: 'CUSTOMER-OFFER',
        completed: true,
        data: monthsOf([1, 2, 3, 4, 5, 6].map(() => 1_200_000)),
      }),
    ],
    payouts: [
      payoutOf({
        payoutId: payoutIds[0]!,
        status: 'SENT',
        amountPayable: 480_000,
        payment: { paymentId: 'c1111111-1111-4111-8111-111111111111', status: 'settled' },
      }),
      payoutOf({
        payoutId: payoutIds[1]!,
        periodStart: '2026-04-01',
        periodEnd: '2026-04-30',
        month: 4,
        amountPayable: 123_456,
      }),
      payoutOf({
        payoutId: payoutIds[2]!,
        status: 'CONFIRM',
        periodStart: '2026-05-01',
        periodEnd: '2026-05-31',
        month: 5,
        amountPayable: 999_999,
      }),
      ...[6, 7, 8].map((month, index) =>
        payoutOf({
          payoutId: payoutIds[3 + index]!,
          status: 'FUTURE',
          periodStart: `2026-0${month}-01`,
          periodEnd: `2026-0${month}-30`,
          month,
          actualRevenue: null,
          amountPayable: 50_000,
        }),
      ),
    ],
  });

async function openAccepted(language: 'en' | 'fr' = 'en', extra: FakeRoutes = {}) {
  let claim = accepted();
  const rendered = await renderClaim((current) => <AcceptedClaim claim={current} />, {
    claim: () => claim,
    language,
    routes: {
      'payouts.methods': () => [
        payoutMethod({ description: 'Café account', currency: 'GBP', accountNumber: '****6789' }),
        payoutMethod({
          payoutMethodId: claimIds.method,
          description: 'Dollar account',
          currency: 'CAD',
          preferred: 0,
        }),
      ],
      'payouts.config': () => ({
        payouts: { supplier: 'payment-rails', providers: [], currencies: ['GBP'] },
        country: { iso: 'GB', currency: 'GBP' },
      }),
      'claims.updatePayout': ({ params }) => {
        claim = {
          ...claim,
          payouts: claim.payouts.map((p) =>
            p.payoutId === params.payoutId
              ? {
                  ...p,
                  status: 'SENT',
                  payment: {
                    paymentId: 'c2222222-2222-4222-8222-222222222222',
                    status: 'requested',
                  },
                }
              : p,
          ),
        };
        return claim;
      },
      ...extra,
    },
  });
  const table = await screen.findByRole('table', { name: /Payouts by month|Indemnités par mois/ });
  return { ...rendered, table };
}

describe('the accepted claim', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens on the payouts, and the total leaves out the months not closed or not confirmed', async () => {
    const { table } = await openAccepted();
    expect(screen.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true');
    const rows = within(table).getAllByRole('row');
    // The header, six months, the totals.
    expect(rows).toHaveLength(8);
    expect(rows[1]).toHaveTextContent(/Mar 1\s–\s31, 2026/);
    expect(rows[1]).toHaveTextContent('£20,000.00£5,000.0040%£0.00£4,800.00');
    expect(rows[1]).toHaveTextContent('Payment details sentPaid');
    expect(rows[3]).toHaveTextContent('Being confirmed');
    expect(rows[4]).toHaveTextContent('---');
    expect(rows[4]).toHaveTextContent('Month not closed yet');
    // £4,800.00 + £1,234.56: May (CONFIRM) and June to August (FUTURE) count nothing.
    expect(rows[7]).toHaveTextContent('Total£0.00£6,034.56');
    expect(await axeViolations()).toEqual([]);
  });

  it('writes money in the customer’s language, with two decimals', async () => {
    const { table } = await openAccepted('fr');
    expect(within(table).getAllByRole('row')[7]).toHaveTextContent(/6\s034,56\s£/);
  });

  it('shows the prediction beside the agreed figures on its tab', async () => {
    const { user } = await openAccepted();
    await user.click(screen.getByRole('tab', { name: 'Customer prediction' }));
    const table = screen.getByRole('table', { name: 'Your prediction and the agreed figures' });
    expect(within(table).getByRole('row', { name: /March 2026/ })).toHaveTextContent(
      '£15,000.00£12,000.00',
    );
    expect(within(table).getByRole('row', { name: /Total/ })).toHaveTextContent(
      '£90,000.00£72,000.00',
    );
    expect(await axeViolations()).toEqual([]);
  });
});

describe('the payment details', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuse a missing mobile and a bad email, then send the month and show it SENT', async () => {
    const { user, table, fetch } = await openAccepted();
    await user.click(within(table).getByRole('button', { name: 'Enter payment details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment details · April 2026' });
    expect(within(dialog).getByRole('textbox', { name: 'Payment reference' })).toHaveValue(
      'Claim HM-2026-0042 April 2026',
    );
    const method = within(dialog).getByRole('combobox', { name: /Payout account/ });
    // Only the account in the claim's currency is offered, chosen already.
    expect(method).toHaveTextContent('Café account · ****6789');
    expect(within(dialog).getByRole('textbox', { name: 'Legal type' })).toHaveValue('Business');
    expect(await axeViolations()).toEqual([]);

    const mobile = within(dialog).getByRole('textbox', { name: /Mobile number/ });
    const email = within(dialog).getByRole('textbox', { name: /Email address/ });
    await user.clear(mobile);
    await user.clear(email);
    await user.type(email, 'owner@harbour');
    await user.click(within(dialog).getByRole('button', { name: 'Send payment details' }));
    expect(mobile).toHaveAccessibleDescription('This field is required.');
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');
    await user.clear(email);
    await user.tab();
    expect(email).toHaveAccessibleDescription('Enter your email address.');
    expect(requestsTo(fetch, claimsContracts.updatePayout)).toHaveLength(0);

    await user.type(mobile, '7911123456');
    await user.type(email, 'owner@harbourcafe.co.uk');
    await user.click(within(dialog).getByRole('button', { name: 'Send payment details' }));

    expect(await screen.findByText('Payment details sent for April 2026.')).toBeVisible();
    const [sent] = requestsTo(fetch, claimsContracts.updatePayout);
    expect(sent?.params.payoutId).toBe(payoutIds[1]);
    expect(sent?.body).toEqual({
      status: 'SENT',
      contactNumber: '+447911123456',
      payoutMethodId: payoutMethod().payoutMethodId,
      emailAddress: 'owner@harbourcafe.co.uk',
      description: 'Claim HM-2026-0042 April 2026',
    });
    const april = (await screen.findAllByRole('row', { name: /Apr 1\s–\s30, 2026/ }))[0]!;
    expect(await within(april).findByText('Payment details sent')).toBeVisible();
    expect(within(april).getByText('Payment on its way')).toBeVisible();
    expect(within(table).queryByRole('button', { name: 'Enter payment details' })).toBeNull();
  });

  it('add a payout account through the payouts area’s own setup, then pay to it', async () => {
    const added = payoutMethod({
      payoutMethodId: claimIds.method,
      description: 'Café business account',
      currency: 'GBP',
      accountNumber: '****4321',
    });
    let methods = [payoutMethod({ description: 'Dollar account', currency: 'CAD' })];
    const { user, table, fetch } = await openAccepted('en', {
      'payouts.methods': () => methods,
      'payouts.config': () => ({
        payouts: { supplier: 'manual', providers: ['BANK-MANUAL'], currencies: ['GBP'] },
        country: { iso: 'GB', currency: 'GBP' },
      }),
      'payouts.requiredFields': () => [
        {
          key: 'accountNumber',
          name: 'accountNumber',
          label: 'Account number',
          type: 'text',
          required: true,
          validationRegexp: ['^\\d{8}$'],
        },
      ],
      'payouts.create': () => {
        methods = [...methods, added];
        return added;
      },
    });
    await user.click(within(table).getByRole('button', { name: 'Enter payment details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment details · April 2026' });
    expect(
      await within(dialog).findByText('You have no payout account in GBP yet. Add one to be paid.'),
    ).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: /Mobile number/ }), '7911123456');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Email address/ }),
      'owner@harbourcafe.co.uk',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send payment details' }));
    expect(await within(dialog).findByText('Add a payout account to be paid.')).toBeVisible();
    expect(requestsTo(fetch, claimsContracts.updatePayout)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Add a payout account' }));
    const setup = await screen.findByRole('dialog', { name: 'Set up a payout method' });
    await user.click(within(setup).getByRole('button', { name: 'Bank transfer' }));
    const form = await screen.findByRole('dialog', { name: /Add a payout method|payout method/ });
    await user.type(
      within(form).getByRole('textbox', { name: /Description/ }),
      'Café business account',
    );
    await user.type(within(form).getByRole('textbox', { name: /Account number/ }), '12345678');
    await user.click(within(form).getByRole('button', { name: 'Save payout method' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Setup complete' })).getByRole('button', {
        name: 'Done',
      }),
    );
    expect(requestsTo(fetch, payoutsContracts.create)).toHaveLength(1);

    const method = await within(dialog).findByRole('combobox', { name: /Payout account/ });
    expect(method).toHaveTextContent('Café business account · ****4321');
    await user.click(within(dialog).getByRole('button', { name: 'Send payment details' }));
    expect(await screen.findByText('Payment details sent for April 2026.')).toBeVisible();
    expect(requestsTo(fetch, claimsContracts.updatePayout)[0]?.body.payoutMethodId).toBe(
      claimIds.method,
    );
  });
});
