import { screen, within } from '@testing-library/react';
import { claimsContracts } from '@tern/domain/claims/contracts';
import type { ItemAlert } from '@tern/domain/claims/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/fake-fetch.ts';
import { requestsTo, type FakeRoutes } from '../../../../test/fake-api.ts';
import ClaimActionDialog from '../claim-action-dialog.tsx';
import { axeViolations } from '../testing/axe-violations.ts';
import { claimOf, datasetOf, monthsOf } from '../testing/claim-of.ts';
import { renderClaim } from '../testing/render-claim.tsx';

const MONTHS = ['March', 'April', 'May', 'June', 'July', 'August'].map((m) => `${m} 2026`);

async function openPrediction(claim: ItemAlert, routes: FakeRoutes = {}) {
  const onClose = vi.fn();
  const rendered = await renderClaim(
    (current) => <ClaimActionDialog claim={current} action="prediction" onClose={onClose} />,
    {
      claim: () => claim,
      routes: { 'claims.updateDataset': () => claim, ...routes },
    },
  );
  const dialog = await screen.findByRole('dialog', { name: /Revenue prediction/ });
  const field = (month: string) => within(dialog).getByRole('textbox', { name: new RegExp(month) });
  return { ...rendered, dialog, field, onClose };
}

describe('the revenue prediction', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts from the bank-based figures with their method, and saves a comma decimal as pence', async () => {
    const prefilled = claimOf({
      datasets: [
        datasetOf({
          data: monthsOf([1_200_000, 1_300_000, 1_400_000, 1_500_000, 1_600_000, 1_700_000]).map(
            (row) => ({ ...row, basis: { lastYear: row.revenue - 50_000, trend: 1.04, share: 1 } }),
          ),
        }),
      ],
    });
    const { user, dialog, field, fetch } = await openPrediction(prefilled);
    expect(field(MONTHS[0]!)).toHaveValue('12000.00');
    expect(
      within(dialog).getAllByText(
        'Same month last year £11,500.00 × trend of the last 3 months 1.04',
      ),
    ).toHaveLength(1);
    expect(within(dialog).queryByRole('link', { name: 'Connect banking' })).toBeNull();
    expect(await axeViolations()).toEqual([]);

    await user.clear(field(MONTHS[1]!));
    await user.type(field(MONTHS[1]!), '12.500,5');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    const table = await within(dialog).findByRole('table', { name: 'Your revenue prediction' });
    const april = within(table).getByRole('row', { name: /April 2026/ });
    expect(april).toHaveTextContent('£12,500.50');
    expect(within(table).getByRole('row', { name: /Total/ })).toHaveTextContent('£86,500.50');
    expect(await axeViolations()).toEqual([]);

    // Back keeps what was typed.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(field(MONTHS[1]!)).toHaveValue('12.500,5');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm' }));

    expect(await within(dialog).findByText(/Your prediction is with the insurer/)).toBeVisible();
    const [saved] = requestsTo(fetch, claimsContracts.updateDataset);
    expect(saved?.body).toEqual({
      data: monthsOf([1_200_000, 1_250_050, 1_400_000, 1_500_000, 1_600_000, 1_700_000]),
      completed: true,
    });
    expect(saved?.params.datasetId).toBe(prefilled.datasets[0]!.datasetId);
  });

  it('labels a partial first and last period with their days, and shows the share of the month', async () => {
    const { dialog } = await openPrediction(
      claimOf({
        alertDate: '2026-03-15T08:00:00.000Z',
        datasets: [
          datasetOf({
            data: [
              {
                year: 2026,
                month: 3,
                revenue: 548_387,
                basis: { lastYear: 1_000_000, trend: 1, share: 17 / 31 },
              },
            ],
          }),
        ],
      }),
    );
    const first = within(dialog).getByRole('textbox', { name: /March 15\s–\s31, 2026/ });
    expect(first).toHaveValue('5483.87');
    expect(within(dialog).getByRole('textbox', { name: /September 1\s–\s14, 2026/ })).toHaveValue(
      '',
    );
    expect(
      within(dialog).getByText(
        'Same month last year £10,000.00 × trend of the last 3 months 1 × share of the month 17/31',
      ),
    ).toBeVisible();
  });

  it('refuses a missing month and a figure that is not a number, and points to banking when not prefilled', async () => {
    const { user, dialog, field, fetch } = await openPrediction(claimOf());
    expect(within(dialog).getByRole('link', { name: 'Connect banking' })).toHaveAttribute(
      'href',
      '/permissions/grant',
    );
    for (const month of MONTHS.slice(0, 4)) await user.type(field(month), '1000');
    await user.type(field(MONTHS[4]!), '12,34,5x');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(await within(dialog).findByText('This field is required.')).toBeVisible();
    expect(field(MONTHS[5]!)).toHaveAccessibleDescription('This field is required.');
    expect(field(MONTHS[4]!)).toHaveAccessibleDescription('Enter a number, for example 1,234.56.');
    expect(within(dialog).getByText(/Step 1 of 3/)).toBeVisible();
    expect(requestsTo(fetch, claimsContracts.updateDataset)).toHaveLength(0);
  });

  it('refuses more decimals than pence rather than misreading them', async () => {
    const { user, dialog, field } = await openPrediction(claimOf());
    await user.type(field(MONTHS[0]!), '1,234');
    await user.tab();
    expect(field(MONTHS[0]!)).toHaveAccessibleDescription('Enter a number, for example 1,234.56.');
    expect(within(dialog).getByText(/Step 1 of 3/)).toBeVisible();
  });

  it('brings back step 1 with the API’s message on the month it refused', async () => {
    const prefilled = claimOf({
      datasets: [datasetOf({ data: monthsOf([1, 2, 3, 4, 5, 6].map((n) => n * 100_000)) })],
    });
    const { user, dialog, field } = await openPrediction(prefilled, {
      'claims.updateDataset': () =>
        jsonResponse(400, {
          code: 'INVALID_PARAMS',
          status: 400,
          message: 'Invalid body',
          field: 'data.2.revenue',
          details: [{ field: 'data.2.revenue', message: 'validation.invalid' }],
        }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(/Step 1 of 3/)).toBeVisible();
    expect(field(MONTHS[2]!)).toHaveAccessibleDescription('This value is not valid.');
  });
});
