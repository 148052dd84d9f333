import { screen, waitFor, within } from '@testing-library/react';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../core/session/session-store.ts';
import { fakeApi, ids, requestsTo, type FakeRoutes } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { supportLink, supportPrefillOf } from './support-link.ts';

const ticket: FakeRoutes = {
  'accounts.support': () => ({
    ticketId: 'c0ffee00-0000-4000-8000-000000000001',
    reference: 'SUP-7Q2K9',
    createdAt: '2026-11-23T10:00:00.000Z',
  }),
};
const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('the support form on the contact page', () => {
  it('sends a visitor’s request with the api-key only, then shows the reference to quote', async () => {
    const { user, fetch } = await renderApp({ path: '/help/contact', route: fakeApi(ticket) });
    const form = await screen.findByRole('region', { name: 'Write to us' });
    await user.type(within(form).getByRole('textbox', { name: /Your name/ }), 'Vic Visitor');
    await user.type(
      within(form).getByRole('textbox', { name: /Email address/ }),
      'vic@example.com',
    );
    await user.type(within(form).getByRole('textbox', { name: /Contact number/ }), '4165550123');
    await user.type(
      within(form).getByRole('textbox', { name: /Subject/ }),
      'Lost my policy number',
    );
    await user.type(within(form).getByRole('textbox', { name: /Your message/ }), 'Please help.');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('SUP-7Q2K9');
    const [sent] = requestsTo(fetch, accountsContracts.support);
    expect(sent?.params).toEqual({ partnerId: 'travel' });
    expect(sent?.token).toBeUndefined();
    expect(sent?.body).toMatchObject({
      name: 'Vic Visitor',
      emailAddress: 'vic@example.com',
      contactNumber: '+14165550123',
      ticketType: 'support',
      ticketCategory: 'GENERAL',
      ticketSubject: 'Lost my policy number',
      ticketBody: 'Please help.',
    });
    expect(sent?.body.localTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
  });

  it('is prefilled for someone signed in', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    await renderApp({ path: '/help/contact', route: fakeApi(ticket) });
    await screen.findByRole('region', { name: 'Write to us' });
    await waitFor(() => expect(field(/Your name/)).toHaveValue('Uma User'));
    expect(field(/Email address/)).toHaveValue('uma@example.com');
  });

  it('refuses empty fields and an email with spaces, and sends nothing', async () => {
    const { user, fetch } = await renderApp({ path: '/help/contact', route: fakeApi(ticket) });
    const form = await screen.findByRole('region', { name: 'Write to us' });
    await user.type(
      within(form).getByRole('textbox', { name: /Email address/ }),
      'vic @example.com',
    );
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(field(/Email address/)).toHaveAccessibleDescription(/spaces/));
    expect(field(/Subject/)).toHaveAccessibleDescription('This field is required.');
    expect(requestsTo(fetch, accountsContracts.support)).toEqual([]);
  });
});

describe('a "contact support" link', () => {
  it('starts the form on the topic and subject it names (a failed payment, with its reference)', async () => {
    const link = supportLink({ category: 'PAYOUT', subject: 'Failed payment 1212-ab' });
    expect(link).toBe('/help/contact?category=PAYOUT&subject=Failed+payment+1212-ab');
    await renderApp({ path: link, route: fakeApi(ticket) });
    const form = await screen.findByRole('region', { name: 'Write to us' });
    expect(within(form).getByRole('textbox', { name: /Subject/ })).toHaveValue(
      'Failed payment 1212-ab',
    );
    expect(within(form).getByRole('combobox', { name: /Topic/ })).toHaveTextContent('A payout');
  });

  it('ignores a topic it does not know and cuts a subject to its limit', () => {
    expect(
      supportPrefillOf(new URLSearchParams({ category: 'HACK', subject: 'x'.repeat(500) })),
    ).toEqual({ ticketSubject: 'x'.repeat(120) });
  });
});
