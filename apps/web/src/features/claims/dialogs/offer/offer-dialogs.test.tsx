import { screen, within } from '@testing-library/react';
import { claimsContracts } from '@tern/domain/claims/contracts';
import type { ItemAlert } from '@tern/domain/claims/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestsTo } from '../../../../test/fake-api.ts';
import ClaimActionDialog from '../claim-action-dialog.tsx';
import { axeViolations } from '../testing/axe-violations.ts';
import { claimIds, claimOf, datasetOf, monthsOf } from '../testing/claim-of.ts';
import { renderClaim } from '../testing/render-claim.tsx';

const prediction = datasetOf({
  completed: true,
  data: monthsOf([1_500_000, 1_500_000, 1_500_000, 1_500_000, 1_500_000, 1_500_000]),
});

/** The insurer's first offer: March lowered to the bank's expectation, the rest kept. */
const firstOffer = claimOf({
  status: 'USER-CONFIRM-OFFER',
  datasets: [
    prediction,
    datasetOf({
      datasetId: claimIds.offer,
      name: 'CUSTOMER-OFFER',
      completed: true,
      notes: 'March checked against your bank history.',
      data: monthsOf([1_200_000, 1_500_000, 1_500_000, 1_500_000, 1_500_000, 1_500_000]).map(
        (row, index) =>
          index === 0
            ? { ...row, previous: 1_500_000, reason: 'above_history' as const, expected: 1_200_000 }
            : { ...row, previous: 1_500_000, reason: 'kept' as const },
      ),
    }),
  ],
});

/** After the dispute: March back to the customer's figure on the evidence of a file. */
const adjustedOffer = claimOf({
  status: 'USER-CONFIRM-DISPUTE',
  datasets: [
    prediction,
    datasetOf({
      datasetId: claimIds.offer,
      name: 'CUSTOMER-OFFER',
      completed: true,
      data: monthsOf([1_500_000, 1_500_000, 1_500_000, 1_500_000, 1_500_000, 1_500_000]).map(
        (row, index) =>
          index === 0
            ? { ...row, previous: 1_200_000, reason: 'evidence_accepted' as const }
            : { ...row, previous: 1_500_000, reason: 'kept' as const },
      ),
    }),
    datasetOf({
      datasetId: 'a6666666-6666-4666-8666-666666666666',
      name: 'USER-DISPUTE',
      completed: true,
    }),
  ],
});

async function open(claim: ItemAlert, action: 'review-offer' | 'adjusted-offer') {
  const onClose = vi.fn();
  const rendered = await renderClaim(
    (current) => <ClaimActionDialog claim={current} action={action} onClose={onClose} />,
    { claim: () => claim, routes: { 'claims.updateAlert': () => claim } },
  );
  return { ...rendered, onClose };
}

describe('the offer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each month beside the prediction with why it changed, and accepting sends confirmed', async () => {
    const { user, fetch, onClose } = await open(firstOffer, 'review-offer');
    const dialog = await screen.findByRole('dialog', { name: /Your offer · claim HM-2026-0042/ });
    const march = within(dialog).getByRole('heading', { name: 'March 2026' }).parentElement!;
    expect(march).toHaveTextContent('Your prediction£15,000.00');
    expect(march).toHaveTextContent('Offer£12,000.00');
    expect(march).toHaveTextContent(
      'Lowered to what your bank history leads us to expect: £12,000.00.',
    );
    const april = within(dialog).getByRole('heading', { name: 'April 2026' }).parentElement!;
    expect(april).not.toHaveTextContent(/Lowered|Changed/);
    expect(within(dialog).getByText('March checked against your bank history.')).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Accept offer' }));
    expect(await screen.findByText(/Offer accepted/)).toBeVisible();
    expect(requestsTo(fetch, claimsContracts.updateAlert).map((r) => r.body)).toEqual([
      { confirmed: true },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('opens the disagreement form from the offer, and goes back to it', async () => {
    const { user, fetch } = await open(firstOffer, 'review-offer');
    const offer = await screen.findByRole('dialog', { name: /Your offer/ });
    await user.click(within(offer).getByRole('button', { name: 'I disagree' }));
    const form = await screen.findByRole('dialog', { name: /Disagree with the offer/ });
    await user.click(within(form).getByRole('button', { name: 'Back to the offer' }));
    expect(await screen.findByRole('dialog', { name: /Your offer/ })).toBeVisible();
    expect(requestsTo(fetch, claimsContracts.updateAlert)).toHaveLength(0);
  });
});

describe('the adjusted offer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the first offer beside the adjusted one with the evidence accepted', async () => {
    await open(adjustedOffer, 'adjusted-offer');
    const dialog = await screen.findByRole('dialog', { name: /Your adjusted offer/ });
    const march = within(dialog).getByRole('heading', { name: 'March 2026' }).parentElement!;
    expect(march).toHaveTextContent('First offer£12,000.00');
    expect(march).toHaveTextContent('Adjusted offer£15,000.00');
    expect(march).toHaveTextContent('Changed to your figure, on the evidence you sent.');
    expect(await axeViolations()).toEqual([]);
  });

  it('asks yes or no before rejecting, and rejecting sends completed', async () => {
    const { user, fetch, onClose } = await open(adjustedOffer, 'adjusted-offer');
    const dialog = await screen.findByRole('dialog', { name: /Your adjusted offer/ });
    await user.click(within(dialog).getByRole('button', { name: 'Reject offer' }));
    const question = await screen.findByRole('dialog', { name: 'Reject the adjusted offer?' });
    expect(await axeViolations()).toEqual([]);

    await user.click(within(question).getByRole('button', { name: 'No, go back' }));
    const again = await screen.findByRole('dialog', { name: /Your adjusted offer/ });
    expect(requestsTo(fetch, claimsContracts.updateAlert)).toHaveLength(0);

    await user.click(within(again).getByRole('button', { name: 'Reject offer' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reject the adjusted offer?' })).getByRole(
        'button',
        { name: 'Yes, reject' },
      ),
    );
    expect(await screen.findByText(/Your claim is closed/)).toBeVisible();
    expect(requestsTo(fetch, claimsContracts.updateAlert).map((r) => r.body)).toEqual([
      { completed: true },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('accepting the adjusted offer sends confirmed', async () => {
    const { user, fetch } = await open(adjustedOffer, 'adjusted-offer');
    const dialog = await screen.findByRole('dialog', { name: /Your adjusted offer/ });
    await user.click(within(dialog).getByRole('button', { name: 'Accept offer' }));
    expect(await screen.findByText(/Offer accepted/)).toBeVisible();
    expect(requestsTo(fetch, claimsContracts.updateAlert).map((r) => r.body)).toEqual([
      { confirmed: true },
    ]);
  });
});
