import { screen, within, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../core/session/session-store.ts';
import { policiesContracts } from '@tern/domain/policies/contracts';
import { apiError, fakeApi, ids, requestsTo } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const signIn = () => sessionStore.start({ token: 'tok', userId: ids.user });

describe('my policies', () => {
  it("lists the active policies in the API's order with status, dates and whom they cover", async () => {
    signIn();
    await renderApp({
      path: '/policies',
      route: fakeApi({
        'policies.list': () => [
          {
            externalPolicyNumber: 'TRV-2001',
            product: 'Flight disruption cover',
            active: 1,
            policyStart: '2026-01-01',
            policyEnd: null,
            maxInsured: 4,
          },
          {
            externalPolicyNumber: 'TRV-1001',
            product: 'Flight disruption cover',
            active: 1,
            policyStart: '2025-01-01',
            policyEnd: '2026-12-31',
            maxInsured: 1,
          },
        ],
      }),
    });
    const list = await screen.findByRole('list', { name: 'Your policies' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Policy TRV-2001',
      'Policy TRV-1001',
    ]);
    expect(cards[0]).toHaveTextContent('Active');
    expect(cards[0]).toHaveTextContent('Starts1st January 2026');
    expect(cards[0]).toHaveTextContent('EndsNo end date');
    expect(cards[0]).toHaveTextContent('CoversUp to 4 people');
    expect(cards[1]).toHaveTextContent('Ends31st December 2026');
    expect(cards[1]).toHaveTextContent('CoversUp to 1 person');
    await waitFor(() => expect(document.title).toBe('My policies · Skyway Travel'));
  });

  it('offers to contact the partner when there is no policy', async () => {
    signIn();
    await renderApp({ path: '/policies', route: fakeApi({ 'policies.list': () => [] }) });
    expect(await screen.findByText('You have no active policy.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us about a policy' })).toHaveAttribute(
      'href',
      '/help/contact',
    );
  });

  it('says so when the policies cannot be loaded', async () => {
    signIn();
    await renderApp({
      path: '/policies',
      route: fakeApi({ 'policies.list': () => apiError('SERVICE_UNAVAILABLE') }),
    });
    // The page's own alert, not the notice the outage also raises above the page.
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(
      'We could not load this right now. Please try again later.',
    );
  });

  it("is where the dashboard's summary card title leads", async () => {
    signIn();
    await renderApp({ path: '/dashboard', route: fakeApi() });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByRole('link', { name: 'Summary' })).toHaveAttribute(
      'href',
      '/policies',
    );
  });

  it('adds a policy by its number and shows it; a refused number shows its error on the field', async () => {
    signIn();
    const held = [
      {
        externalPolicyNumber: 'TRV-1001',
        product: 'Flight disruption cover',
        active: 1 as const,
        policyStart: '2025-01-01',
        policyEnd: null,
        maxInsured: 1,
      },
    ];
    const { user, fetch } = await renderApp({
      path: '/policies',
      route: fakeApi({
        'policies.list': () => [...held],
        'policies.attach': ({ params }) => {
          if (params.policyNumber === 'TRV-USED')
            return apiError('POLICY_TOO_MANY_USES', { field: 'policyNumber' });
          const added = {
            ...held[0]!,
            externalPolicyNumber: params.policyNumber,
            policyStart: '2026-11-01',
          };
          held.unshift(added);
          return added;
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add a policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a policy' });
    const number = within(dialog).getByRole('textbox', { name: /Policy number/ });
    await user.click(within(dialog).getByRole('button', { name: 'Add policy' }));
    await waitFor(() => expect(number).toHaveAccessibleDescription('Enter your policy number.'));
    expect(requestsTo(fetch, policiesContracts.attach)).toEqual([]);
    await user.type(number, 'TRV-USED');
    await user.click(within(dialog).getByRole('button', { name: 'Add policy' }));
    await waitFor(() =>
      expect(number).toHaveAccessibleDescription(/already|another account|used/i),
    );
    await user.clear(number);
    await user.type(number, 'TRV-2002');
    await user.click(within(dialog).getByRole('button', { name: 'Add policy' }));
    expect(await screen.findByText('Policy TRV-2002 is on your account.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Your policies' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual(['Policy TRV-2002', 'Policy TRV-1001']),
    );
    expect(screen.queryByRole('button', { name: /Cancel policy/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'To cancel a policy, contact us.' })).toHaveAttribute(
      'href',
      '/help/contact',
    );
  });

  it('lets staff acting for the customer cancel a policy after a yes / no', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user, agentId: ids.agent });
    let held = [
      {
        externalPolicyNumber: 'TRV-1001',
        product: 'Flight disruption cover',
        active: 1 as const,
        policyStart: '2025-01-01',
        policyEnd: null,
        maxInsured: 1,
      },
    ];
    const { user, fetch } = await renderApp({
      path: '/policies',
      route: fakeApi({
        'policies.list': () => held,
        'policies.cancel': () => {
          const cancelled = { ...held[0]!, active: 0 as const };
          held = [];
          return cancelled;
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel policy TRV-1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel policy TRV-1001?' });
    await user.click(within(dialog).getByRole('button', { name: 'No, keep it' }));
    expect(requestsTo(fetch, policiesContracts.cancel)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel policy TRV-1001' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel policy TRV-1001?' })).getByRole(
        'button',
        { name: 'Yes, cancel it' },
      ),
    );
    expect(await screen.findByText('The policy has been cancelled.')).toBeInTheDocument();
    expect(requestsTo(fetch, policiesContracts.cancel)[0]?.params).toEqual({
      partnerId: 'travel',
      policyNumber: 'TRV-1001',
    });
    expect(await screen.findByText('You have no active policy.')).toBeInTheDocument();
  });
});
