import { screen, waitFor, within } from '@testing-library/react';
import { claimsContracts } from '@tern/domain/claims/contracts';
import type { InsuredItem } from '@tern/domain/claims/schemas';
import { formatDate } from '@tern/domain/i18n/format';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, requestsTo, type FakeRoutes } from '../../test/fake-api.ts';
import { axeViolations } from './test/axe.ts';
import { claimIds, consentOf, itemOf } from './test/claim-fixtures.ts';
import { openAsHarbourCustomer } from './test/open-claims-page.ts';

const open = (routes: FakeRoutes = {}) => openAsHarbourCustomer('/claims', routes);
/** The page's chunk loads on first render: slow on a loaded 2-core machine, hence the wait. */
const FIRST_PAINT = { timeout: 10_000 };
const itemCard = (name: string) => screen.findByRole('listitem', { name }, FIRST_PAINT);

describe('the insurance and claims page: insured businesses', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists each business with its address, the user’s contact, the policy and the banking chip, and asks to connect banking', async () => {
    const { user } = await open({ 'claims.items': () => [itemOf()] });
    const card = await itemCard('Quayside Café');
    expect(card).toHaveTextContent('Address12 Harbour Row, Bristol');
    expect(card).toHaveTextContent('Contact phone+14165550123');
    expect(card).toHaveTextContent('Contact emailuma@example.com');
    expect(card).toHaveTextContent('Policy numberHM-BI-1001');
    expect(within(card).getByText('Bank not connected')).toBeVisible();
    expect(within(card).queryByRole('button', { name: 'Disconnect bank' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Insurance and claims' })).toBeVisible();
    expect(document.title).toBe('Insurance and claims · Harbour Mutual');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Insurance and claims' })).toHaveAttribute(
      'href',
      '/claims',
    );

    expect(screen.getByText('Connect your business bank account')).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Connect banking' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connect your bank' }),
    ).toBeVisible();
  });

  it.each([
    ['granted', itemOf({}, { consent: consentOf() })],
    ['not required', itemOf({}, { required: false })],
    ['without a BANKING permission', itemOf({ permissions: [] })],
  ])('does not ask to connect banking when it is %s', async (_, item) => {
    await open({ 'claims.items': () => [item] });
    await itemCard('Quayside Café');
    expect(screen.queryByText('Connect your business bank account')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Connect banking' })).toBeNull();
  });

  it('shows the bank and accounts of a connected business, and disconnects after a yes', async () => {
    const consent = consentOf();
    let items: InsuredItem[] = [itemOf({}, { consent })];
    const { user, fetch } = await open({
      'claims.items': () => items,
      'claims.revokeConsent': () => (items = [itemOf()]),
    });
    const card = await itemCard('Quayside Café');
    expect(within(card).getByText('Bank connected')).toBeVisible();
    expect(card).toHaveTextContent('BankHarbour Savings Bank');
    expect(card).toHaveTextContent('Accounts sharedBusiness current (****4321)');
    // Granted 10 days ago: 80 days left, nothing to reconfirm yet.
    expect(screen.queryByText('Reconfirm your bank connection')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Disconnect bank' }));
    const sure = await screen.findByRole('dialog', { name: 'Disconnect Harbour Savings Bank?' });
    expect(await axeViolations()).toEqual([]);
    await user.click(within(sure).getByRole('button', { name: 'Yes, disconnect' }));
    expect(await screen.findByText('Harbour Savings Bank is disconnected.')).toBeVisible();
    expect(requestsTo(fetch, claimsContracts.revokeConsent)[0]!.params.consentId).toBe(
      claimIds.consent,
    );
    expect(within(card).getByText('Bank not connected')).toBeVisible();
    expect(screen.getByText('Connect your business bank account')).toBeVisible();
  });

  it('asks to reconfirm a consent in its last 14 days, with the date it lapses, in the portal', async () => {
    const ending = consentOf(80);
    const renewed = consentOf(0);
    let items: InsuredItem[] = [itemOf({}, { consent: ending })];
    const { user, fetch } = await open({
      'claims.items': () => items,
      'claims.reconfirmConsent': () => (items = [itemOf({}, { consent: renewed })]),
    });
    const banner = (await screen.findByText('Reconfirm your bank connection')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(banner).toHaveTextContent(
      `Your connection to Harbour Savings Bank lapses on ${formatDate(ending.expiresAt, 'en')}.`,
    );
    await user.click(within(banner).getByRole('button', { name: 'Reconfirm' }));
    expect(
      await screen.findByText(
        `Your bank connection now lasts until ${formatDate(renewed.expiresAt, 'en')}.`,
      ),
    ).toBeVisible();
    expect(requestsTo(fetch, claimsContracts.reconfirmConsent)).toHaveLength(1);
    expect(screen.queryByText('Reconfirm your bank connection')).toBeNull();
  });

  it('does not ask to reconfirm a lapsed consent: the business is not connected and asks to connect', async () => {
    const lapsed = consentOf(95);
    // The API answers a lapsed consent as not granted, with the consent given to reconnect.
    const item = itemOf();
    item.permissions[0]!.consent = lapsed;
    await open({ 'claims.items': () => [item] });
    const card = await itemCard('Quayside Café');
    expect(within(card).getByText('Bank not connected')).toBeVisible();
    expect(screen.queryByText('Reconfirm your bank connection')).toBeNull();
    expect(screen.getByText('Connect your business bank account')).toBeVisible();
  });

  it('cancels the insurance of a business: its properties and support, Confirm, then a yes', async () => {
    let items: InsuredItem[] = [
      itemOf(),
      itemOf({
        itemId: claimIds.otherItem,
        properties: { name: 'Dockside Bakery', address: '3 Mill Lane' },
      }),
    ];
    const { user, fetch } = await open({
      'claims.items': () => items,
      'claims.removeItem': ({ params }) =>
        (items = items.filter((i) => i.itemId !== params.itemId)),
    });
    const card = await itemCard('Quayside Café');
    await user.click(within(card).getByRole('button', { name: 'Cancel insurance' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Cancel insurance for Quayside Café',
    });
    expect(dialog).toHaveTextContent('Business nameQuayside Café');
    expect(dialog).toHaveTextContent('Address12 Harbour Row, Bristol');
    expect(dialog).toHaveTextContent('Type of businessCafé');
    expect(dialog).toHaveTextContent('Policy numberHM-BI-1001');
    const support = within(dialog).getByRole('link', { name: 'Contact Harbour Mutual support' });
    expect(support.getAttribute('href')).toMatch(/^\/help\/contact\?category=POLICY&subject=/);
    expect(await axeViolations()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const sure = await screen.findByRole('dialog', { name: 'Cancel the cover of Quayside Café?' });
    await user.click(within(sure).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('The cover of Quayside Café is cancelled.')).toBeVisible();
    expect(requestsTo(fetch, claimsContracts.removeItem).map((r) => r.params.itemId)).toEqual([
      claimIds.item,
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Quayside Café' })).toBeNull(),
    );
    expect(await itemCard('Dockside Bakery')).toBeVisible();
  });

  it('keeps the cover when the user says no', async () => {
    const { user, fetch } = await open({ 'claims.items': () => [itemOf()] });
    await user.click(
      within(await itemCard('Quayside Café')).getByRole('button', { name: 'Cancel insurance' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const sure = await screen.findByRole('dialog', { name: 'Cancel the cover of Quayside Café?' });
    await user.click(within(sure).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(fetch, claimsContracts.removeItem)).toEqual([]);
  });

  it('is reached from the figures of the dashboard’s summary card', async () => {
    const { user } = await openAsHarbourCustomer('/dashboard', {
      'claims.items': () => [itemOf()],
    });
    await user.click(await screen.findByRole('link', { name: 'Insured locations: 1' }));
    expect(await itemCard('Quayside Café')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Insurance and claims' })).toBeVisible();
  });

  it('says when there is no insured business, with the way to ask for cover', async () => {
    await open();
    expect(await screen.findByText('You have no insured businesses.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Contact us to insure a business' })).toHaveAttribute(
      'href',
      '/help/contact',
    );
  });

  it('says when the businesses cannot be loaded, and loads them on Try again', async () => {
    let fail = true;
    const { user } = await open({
      'claims.items': () => (fail ? apiError('INTERNAL_ERROR') : [itemOf()]),
    });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 8_000 });
    fail = false;
    await user.click(retry);
    expect(await itemCard('Quayside Café')).toBeVisible();
  });
});
