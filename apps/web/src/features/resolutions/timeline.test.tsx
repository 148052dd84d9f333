import { screen, within } from '@testing-library/react';
import type {
  ResolutionEvidence,
  ResolutionOptions,
  ResolutionTrailEntry,
} from '@tern/domain/resolutions/schemas';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers.tsx';
import { Timeline, type TimelineViewer } from './timeline.tsx';

const at = (minute: number) => `2026-11-30T10:${String(minute).padStart(2, '0')}:00.000Z`;

const evidence = (e: Partial<ResolutionEvidence>): ResolutionEvidence => ({
  at: at(0),
  state: 'scheduled',
  delayMinutes: 0,
  departureLocal: '2026-12-01 08:05',
  divertedTo: null,
  source: 'provider',
  threshold: null,
  nextThreshold: null,
  ...e,
});

const line = (e: Partial<ResolutionTrailEntry>): ResolutionTrailEntry => ({
  type: 'LOUNGE',
  at: at(1),
  from: null,
  to: 'Initial',
  actor: 'system',
  reason: null,
  mine: 0,
  waitsOn: null,
  payment: null,
  ...e,
});

const render = async (
  parts: Pick<ResolutionOptions, 'evidence' | 'trail'>,
  viewer: TimelineViewer = { acting: false },
) => {
  await renderWithProviders(
    <Timeline options={{ ...(parts as ResolutionOptions) }} viewer={viewer} />,
  );
  return within(screen.getByRole('region', { name: 'What happened' }));
};

describe('the evidence timeline (issue 25 item 5.14)', () => {
  it('says what the flight did in words, never "scheduled, 0 h 0 min late"', async () => {
    const timeline = await render({
      evidence: [
        evidence({ at: at(9), state: 'arrived', delayMinutes: 200 }),
        evidence({ at: at(8), state: 'departed', delayMinutes: 200 }),
        evidence({
          at: at(5),
          delayMinutes: 130,
          departureLocal: '2026-12-01 10:15',
          threshold: 120,
          nextThreshold: 180,
        }),
        evidence({ at: at(4), state: 'diverted', divertedTo: 'YUL' }),
        evidence({ at: at(1) }),
      ],
      trail: [],
    });
    expect(timeline.getByText('Flight on schedule')).toBeInTheDocument();
    expect(
      timeline.getByText('Flight delayed by 2 h 10 min, now leaving at 10:15'),
    ).toBeInTheDocument();
    // Why the three-hour options are not there yet.
    expect(
      timeline.getByText(
        'airline data · reached the 120-minute threshold · more options from 180 minutes late',
      ),
    ).toBeInTheDocument();
    expect(timeline.getByText('Flight departed 3 h 20 min late')).toBeInTheDocument();
    expect(timeline.getByText('Flight landed 3 h 20 min late')).toBeInTheDocument();
    expect(timeline.getByText('Flight diverted to YUL')).toBeInTheDocument();
    expect(timeline.queryByText(/0 h 0 min/)).not.toBeInTheDocument();
  });

  it('says what an option not yet available waits on, and why Tern moved one by itself', async () => {
    const timeline = await render({
      evidence: [],
      trail: [
        line({ at: at(3), from: 'OptionsSent', to: 'None' }),
        line({ at: at(2), type: 'HOTEL', from: 'Requested', to: 'Failed' }),
        line({ at: at(1), type: 'CASH', to: 'N/A', waitsOn: 'LOUNGE' }),
      ],
    });
    expect(timeline.getByText('Cash offered if the lounge is not used')).toBeInTheDocument();
    expect(timeline.queryByText(/Not yet available/)).not.toBeInTheDocument();
    expect(
      timeline.getByText('automatically · there is no lounge at this airport'),
    ).toBeInTheDocument();
    expect(timeline.getByText('automatically · the hotel had no room left')).toBeInTheDocument();
  });

  it('shows the customer their own moves as theirs, an agent acting for them the customer’s by name', async () => {
    const trail = [
      line({
        at: at(2),
        type: 'CASH',
        from: 'Initial',
        to: 'Rejected',
        actor: 'agent',
        reason: 'Asked by phone',
      }),
      line({ at: at(1), from: 'OptionsSent', to: 'None', actor: 'customer', mine: 1 }),
    ];
    const customer = await render({ evidence: [], trail });
    expect(customer.getByText('by you')).toBeInTheDocument();
    expect(customer.getByText('by our agent · Reason: Asked by phone')).toBeInTheDocument();
  });

  it('names the customer to an agent acting for them, and the agent’s own moves as theirs', async () => {
    const trail = [
      line({ at: at(2), type: 'CASH', from: 'Initial', to: 'Rejected', actor: 'agent', mine: 1 }),
      line({ at: at(1), from: 'OptionsSent', to: 'None', actor: 'customer' }),
    ];
    const agent = await render(
      { evidence: [evidence({ source: 'customer', delayMinutes: 90 })], trail },
      { acting: true, customerName: 'Rhea Resolve' },
    );
    expect(agent.getByText('by Rhea Resolve')).toBeInTheDocument();
    expect(agent.getByText('by you')).toBeInTheDocument();
    expect(agent.getByText("the customer's report")).toBeInTheDocument();
  });

  it('follows the cash to the bank: sent, paid, or returned with the bank’s reason', async () => {
    const payment = { amount: 5_000, currency: 'CAD', failureText: null };
    const timeline = await render({
      evidence: [],
      trail: [
        line({
          at: at(4),
          type: 'CASH',
          from: null,
          to: null,
          payment: { ...payment, status: 'settled' },
        }),
        line({
          at: at(3),
          type: 'CASH',
          from: null,
          to: null,
          payment: {
            ...payment,
            status: 'failed',
            failureText: { key: 'payouts:payments.failure.ACCOUNT_CLOSED', params: {} },
          },
        }),
        line({
          at: at(2),
          type: 'CASH',
          from: null,
          to: null,
          payment: { ...payment, status: 'sent' },
        }),
      ],
    });
    expect(timeline.getByText('Payment of CA$50.00 sent to the bank')).toBeInTheDocument();
    expect(timeline.getByText('Payment of CA$50.00 returned by the bank')).toBeInTheDocument();
    expect(
      timeline.getByText('Why it failed: the bank returned it, the account is closed'),
    ).toBeInTheDocument();
    expect(timeline.getByText('CA$50.00 paid into the account')).toBeInTheDocument();
  });
});
