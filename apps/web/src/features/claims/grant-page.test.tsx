import { screen, waitFor } from '@testing-library/react';
import { claimsContracts } from '@tern/domain/claims/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, requestsTo, type FakeRoutes } from '../../test/fake-api.ts';
import { axeViolations } from './test/axe.ts';
import { claimIds, consentOf, itemOf } from './test/claim-fixtures.ts';
import { openAsHarbourCustomer } from './test/open-claims-page.ts';

const GRANT = '/permissions/grant';
/** The page's chunk loads on first render: slow on a loaded 2-core machine, hence the wait. */
const FIRST_PAINT = { timeout: 10_000 };
const returned = (code: string) => `${GRANT}?consent=${claimIds.consent}&code=${code}&state=st-1`;

/**
 * Opens the page as the browser would: the address bar (jsdom's) and the router both at
 * `path`, so what the page does to the address bar can be seen.
 */
function openAt(path: string, routes: FakeRoutes = {}) {
  window.history.replaceState(null, '', path);
  return openAsHarbourCustomer(path, routes);
}

describe('the open-banking grant page', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('says what connecting shares, lists the businesses waiting, and leaves for the bank', async () => {
    const bank = `${window.location.origin}${GRANT}#bank-consent-page`;
    const { user, fetch } = await openAt(GRANT, {
      'claims.items': () => [
        itemOf(),
        itemOf(
          {
            itemId: claimIds.otherItem,
            properties: { name: 'Dockside Bakery', address: '3 Mill Lane' },
          },
          { consent: consentOf() },
        ),
      ],
      'claims.startConsent': () => ({ consentId: claimIds.consent, authorizeUrl: bank }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connect your bank' }, FIRST_PAINT),
    ).toBeVisible();
    expect(screen.getByText(/for the last 24 months/)).toBeVisible();
    expect(screen.getByText(/Access lasts 90 days\. 14 days before it ends/)).toBeVisible();
    const waiting = await screen.findByRole('list', { name: 'Businesses waiting for it' });
    expect(waiting).toHaveTextContent('Quayside Café, 12 Harbour Row, Bristol');
    expect(waiting).not.toHaveTextContent('Dockside Bakery');
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Continue to your bank' }));
    // The bank's page is elsewhere; here the same page with a fragment stands for it, which
    // jsdom can go to.
    await waitFor(() => expect(window.location.hash).toBe('#bank-consent-page'));
    expect(requestsTo(fetch, claimsContracts.startConsent)[0]!.body).toEqual({
      returnPath: GRANT,
    });
  });

  it('finishes the journey once, takes the code out of the address, and shows the bank and accounts', async () => {
    const routes: FakeRoutes = {
      'claims.items': () => [itemOf()],
      'claims.completeConsent': () => [itemOf({}, { consent: consentOf(0) })],
    };
    const first = await openAt(returned('code-once'), routes);
    expect(await screen.findByText('Your bank is connected', {}, FIRST_PAINT)).toBeVisible();
    expect(window.location.search).toBe('');
    expect(window.location.pathname).toBe(GRANT);
    expect(screen.getByText(/these accounts at Harbour Savings Bank/)).toBeVisible();
    expect(screen.getByText('Business current (****4321)')).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    const sent = requestsTo(first.fetch, claimsContracts.completeConsent);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params.consentId).toBe(claimIds.consent);
    expect(sent[0]!.body).toEqual({ code: 'code-once', state: 'st-1' });

    // The page mounted again with the same code (React's strict mode does so in development):
    // the code is not sent a second time.
    first.unmount();
    const again = await openAt(returned('code-once'), routes);
    expect(await screen.findByText('Your bank is connected')).toBeVisible();
    expect(requestsTo(again.fetch, claimsContracts.completeConsent)).toEqual([]);

    await again.user.click(screen.getByRole('link', { name: 'Back to insurance and claims' }));
    const card = await screen.findByRole('listitem', { name: 'Quayside Café' });
    expect(card).toHaveTextContent('Bank connected');
    expect(screen.queryByText('Connect your business bank account')).toBeNull();
  });

  it('says the bank refused the code, with Try again starting a new journey', async () => {
    const bank = `${window.location.origin}${GRANT}#bank-again`;
    const { user, fetch } = await openAt(returned('code-spent'), {
      'claims.completeConsent': () => apiError('CONSENT_REFUSED'),
      'claims.startConsent': () => ({ consentId: claimIds.consent, authorizeUrl: bank }),
    });
    expect(
      await screen.findByText('Your bank did not confirm the connection. Please try again.'),
    ).toBeVisible();
    expect(window.location.search).toBe('');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(window.location.hash).toBe('#bank-again'));
    expect(requestsTo(fetch, claimsContracts.completeConsent)).toHaveLength(1);
  });

  it('says the customer did not allow access at the bank, with Try again', async () => {
    const { fetch } = await openAt(`${GRANT}?error=access_denied&state=st-1`);
    expect(
      await screen.findByText('You did not allow access at your bank, so nothing was shared.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(window.location.search).toBe('');
    expect(requestsTo(fetch, claimsContracts.completeConsent)).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });
});
