import { screen, within, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../core/session/session-store.ts';
import { apiError, fakeApi, ids } from '../../test/fake-api.ts';
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
    expect(await screen.findByRole('alert')).toHaveTextContent(
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
});
