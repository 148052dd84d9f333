import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import type { AuditEntry, StaffMember } from '@tern/domain/accounts/staff';
import { routeName } from '@tern/domain/contract';
import { sessionStore } from '../../../core/session/session-store.ts';
import { axeViolations } from '../../../test/axe.ts';
import {
  apiError,
  fakeApi,
  ids,
  requestsTo,
  userDetails,
  type FakeRoutes,
} from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { screenWidth } from '../../../test/screen-width.ts';

const admin = userDetails({ id: ids.agent, firstName: 'Ada', surname: 'Admin', roles: ['ADMIN'] });
const avery: StaffMember = {
  id: ids.customer,
  firstName: 'Avery',
  surname: 'Agent',
  emailAddress: 'avery@travel.example.com',
  roles: ['AGENT'],
  status: 'ACTIVE',
  lastSignInAt: null,
  invitationExpiresAt: null,
};
const entry = (n: number, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  at: `2026-11-2${n}T10:0${n}:00.000Z`,
  staff: { id: avery.id, name: 'Avery Agent', emailAddress: avery.emailAddress },
  customer: { id: ids.user, name: 'Uma User', emailAddress: 'uma@example.com' },
  action: routeName(accountsContracts.update),
  statusCode: 200,
  fields: ['firstName', 'surname'],
  ...extra,
});
/** Three entries, newest first, two to a page. */
const log = [
  entry(3),
  entry(2, { fields: [] }),
  entry(1, { customer: { id: ids.trip, name: null, emailAddress: null } }),
];
const CURSOR = 'bmV4dC1wYWdlLWN1cnNvcg';

function auditWorld(overrides: FakeRoutes = {}) {
  return fakeApi(
    {
      'accounts.listStaff': () => [avery],
      'accounts.audit': ({ query }) =>
        query.customer || query.staff || query.from
          ? { entries: [], nextCursor: null }
          : query.cursor === CURSOR
            ? { entries: log.slice(2), nextCursor: null }
            : { entries: log.slice(0, 2), nextCursor: CURSOR },
      ...overrides,
    },
    { users: { [ids.agent]: admin } },
  );
}

const signIn = () =>
  sessionStore.start({ token: 'admin-token', userId: ids.agent, startedAt: Date.now() - 1000 });

describe('the admin console: audit log', () => {
  let width: { restore: () => void } | undefined;
  afterEach(() => width?.restore());

  it('shows what staff changed, newest first, field names only, a page at a time', async () => {
    signIn();
    const { user, fetch } = await renderApp({ path: '/admin/audit', route: auditWorld() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Audit log · Skyway Travel'));
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headings).toEqual([
      'When (UTC)',
      'Staff member',
      'Customer',
      'Action',
      'Fields',
      'Result',
    ]);
    let rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      '2026-11-23 10:03',
      '2026-11-22 10:02',
    ]);
    expect(rows[0]).toHaveTextContent('Avery Agent');
    expect(rows[0]).toHaveTextContent('uma@example.com');
    expect(rows[0]).toHaveTextContent(routeName(accountsContracts.update));
    expect(rows[0]).toHaveTextContent('firstName, surname');
    expect(rows[1]).toHaveTextContent('None');
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    rows = within(table).getAllByRole('row').slice(1);
    // A customer whose account is gone.
    expect(rows[2]).toHaveTextContent('Account deleted');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requestsTo(fetch, accountsContracts.audit).map((r) => r.query)).toEqual([
      {},
      { cursor: CURSOR },
    ]);
  });

  it('searches by customer, staff member and days, and clears the search', async () => {
    signIn();
    const { user, fetch } = await renderApp({ path: '/admin/audit', route: auditWorld() });
    const search = await screen.findByRole('search');
    await screen.findByRole('table', { name: 'Audit entries' });
    await user.type(within(search).getByRole('searchbox', { name: /Customer/ }), ' uma@ ');
    await user.click(within(search).getByRole('combobox', { name: /Staff member/ }));
    await user.click(await screen.findByRole('option', { name: 'Avery Agent' }));
    await user.type(within(search).getByLabelText(/From/), '2026-11-01');
    await user.type(within(search).getByLabelText(/To/), '2026-11-30');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('status')).toHaveTextContent('No entries match this search.');
    expect(requestsTo(fetch, accountsContracts.audit).at(-1)?.query).toEqual({
      customer: 'uma@',
      staff: avery.id,
      from: '2026-11-01',
      to: '2026-11-30',
    });

    await user.click(within(search).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByRole('table', { name: 'Audit entries' })).toBeInTheDocument();
    expect(within(search).getByRole('searchbox', { name: /Customer/ })).toHaveValue('');
  });

  it('refuses days out of order before asking', async () => {
    signIn();
    const { user, fetch } = await renderApp({ path: '/admin/audit', route: auditWorld() });
    const search = await screen.findByRole('search');
    await screen.findByRole('table', { name: 'Audit entries' });
    await user.type(within(search).getByLabelText(/From/), '2026-11-30');
    await user.type(within(search).getByLabelText(/To/), '2026-11-01');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(within(search).getByLabelText(/To/)).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(requestsTo(fetch, accountsContracts.audit)).toHaveLength(1);
  });

  it('says when the log is empty', async () => {
    signIn();
    await renderApp({
      path: '/admin/audit',
      route: auditWorld({ 'accounts.audit': () => ({ entries: [], nextCursor: null }) }),
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Nothing on the audit log yet: entries appear when staff act for customers.',
    );
  });

  it('says when the log cannot be loaded, and tries again; a next page too', async () => {
    signIn();
    let failing = true;
    const { user } = await renderApp({
      path: '/admin/audit',
      route: auditWorld({
        'accounts.audit': ({ query }) => {
          if (failing) return apiError('INTERNAL_ERROR');
          if (!query.cursor) return { entries: log.slice(0, 2), nextCursor: CURSOR };
          // The next page fails, until asked again.
          failing = true;
          return apiError('SERVICE_UNAVAILABLE');
        },
      }),
    });
    const main = screen.getByRole('main');
    const alert = await within(main).findByRole('alert');
    expect(alert).toHaveTextContent('We could not load this right now.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Audit entries' });

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const pageAlert = await within(main).findByRole('alert');
    expect(pageAlert).toHaveTextContent('We could not load this right now.');
    // What was loaded stays.
    expect(screen.getByRole('table', { name: 'Audit entries' })).toBeInTheDocument();
    expect(within(pageAlert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lists the entries instead of a table on a 360 px screen', async () => {
    width = screenWidth(360);
    signIn();
    await renderApp({ path: '/admin/audit', route: auditWorld() });
    const list = await screen.findByRole('list', { name: 'Audit entries' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [first] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('When (UTC)')).toBeInTheDocument();
    expect(first).toHaveTextContent('2026-11-23 10:03');
    expect(await axeViolations()).toEqual([]);
  });
});
