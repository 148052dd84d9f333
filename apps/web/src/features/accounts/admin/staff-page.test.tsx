import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import type { StaffMember } from '@tern/domain/accounts/staff';
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

const admin = userDetails({
  id: ids.agent,
  firstName: 'Ada',
  surname: 'Admin',
  emailAddress: 'ada@travel.example.com',
  roles: ['ADMIN'],
});
const agent = userDetails({
  id: ids.customer,
  firstName: 'Avery',
  surname: 'Agent',
  emailAddress: 'avery@travel.example.com',
  roles: ['AGENT'],
});
const member = (user: typeof admin, extra: Partial<StaffMember> = {}): StaffMember => ({
  id: user.id,
  firstName: user.firstName,
  surname: user.surname,
  emailAddress: user.emailAddress,
  roles: user.roles,
  status: 'ACTIVE',
  lastSignInAt: '2026-11-20T09:30:00.000Z',
  invitationExpiresAt: null,
  ...extra,
});
const invitation: StaffMember = {
  id: ids.trip,
  firstName: 'Ines',
  surname: 'Invited',
  emailAddress: 'ines@example.com',
  roles: ['ADMIN'],
  status: 'INVITED',
  lastSignInAt: null,
  invitationExpiresAt: '2026-12-04T09:30:00.000Z',
};

/** A partner with Ada (ADMIN, signed in) and Avery (AGENT); the list follows the changes. */
function staffWorld(overrides: FakeRoutes = {}) {
  let staff = [member(admin), member(agent, { lastSignInAt: null })];
  return fakeApi(
    {
      'accounts.listStaff': () => staff,
      'accounts.inviteStaff': ({ body }) => {
        const invited: StaffMember = {
          ...invitation,
          firstName: body.firstName,
          surname: body.surname,
          emailAddress: body.emailAddress,
          roles: [body.role],
        };
        staff = [...staff, invited];
        return invited;
      },
      'accounts.updateStaff': ({ params, body }) => {
        staff = staff.map((m) =>
          m.id === params.userId ? { ...m, status: body.disabled ? 'DISABLED' : 'ACTIVE' } : m,
        );
        return staff.find((m) => m.id === params.userId)!;
      },
      ...overrides,
    },
    { users: { [ids.agent]: admin, [ids.customer]: agent } },
  );
}

const signIn = (userId: string) =>
  sessionStore.start({ token: 'staff-token', userId, startedAt: Date.now() - 1000 });

describe('the admin console: staff page', () => {
  let width: { restore: () => void } | undefined;
  afterEach(() => width?.restore());

  it('leads an ADMIN from the navigation to the staff, with their roles, status and last sign-in', async () => {
    signIn(ids.agent);
    const { user } = await renderApp({ path: '/dashboard', route: staffWorld() });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    // The console's links follow the session's roles, which arrive after the navigation.
    expect(await within(nav).findByRole('link', { name: 'Audit log' })).toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: 'Staff' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Staff · Skyway Travel'));
    const table = await screen.findByRole('table', { name: 'Members of staff' });
    const [, adaRow, averyRow] = within(table).getAllByRole('row');
    expect(adaRow).toHaveTextContent('Ada Admin (you)');
    expect(adaRow).toHaveTextContent('Administrator');
    expect(adaRow).toHaveTextContent('2026-11-20 09:30');
    // No one disables themself.
    expect(within(adaRow!).queryByRole('button')).not.toBeInTheDocument();
    expect(averyRow).toHaveTextContent('avery@travel.example.com');
    expect(averyRow).toHaveTextContent('Agent');
    expect(averyRow).toHaveTextContent('Active');
    expect(averyRow).toHaveTextContent('Never');
    expect(await axeViolations()).toEqual([]);
  });

  it('invites a member of staff, refusing the form until it is right', async () => {
    signIn(ids.agent);
    const { user, fetch } = await renderApp({ path: '/admin/staff', route: staffWorld() });
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member of staff' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter your first name.')).toBeInTheDocument();
    expect(requestsTo(fetch, accountsContracts.inviteStaff)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Ines');
    await user.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Invited');
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'ines@example.com');
    await user.click(within(dialog).getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Administrator' }));
    expect(await axeViolations(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent to ines@example.com.')).toBeInTheDocument();
    expect(requestsTo(fetch, accountsContracts.inviteStaff).map((r) => r.body)).toEqual([
      { firstName: 'Ines', surname: 'Invited', emailAddress: 'ines@example.com', role: 'ADMIN' },
    ]);
    const row = await screen.findByRole('row', { name: /Ines Invited/ });
    expect(row).toHaveTextContent('Invited');
    expect(row).toHaveTextContent('Invitation valid until 2026-12-04 09:30');
  });

  it('shows an address already in use on its field', async () => {
    signIn(ids.agent);
    const { user } = await renderApp({
      path: '/admin/staff',
      route: staffWorld({
        'accounts.inviteStaff': () => apiError('EMAIL_ALREADY_USED', { field: 'emailAddress' }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member of staff' });
    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Uma');
    await user.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'User');
    await user.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'uma@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
        /already/,
      ),
    );
  });

  it('disables and enables an agent after a yes / no', async () => {
    signIn(ids.agent);
    const { user, fetch } = await renderApp({ path: '/admin/staff', route: staffWorld() });
    await user.click(await screen.findByRole('button', { name: 'Disable Avery Agent' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disable Avery Agent?' });
    expect(dialog).toHaveTextContent('signed out at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetch, accountsContracts.updateStaff)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Disable Avery Agent' }));
    dialog = await screen.findByRole('dialog', { name: 'Disable Avery Agent?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Avery Agent is disabled.')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Avery Agent/ })).toHaveTextContent('Disabled');

    await user.click(await screen.findByRole('button', { name: 'Enable Avery Agent' }));
    dialog = await screen.findByRole('dialog', { name: 'Enable Avery Agent?' });
    await user.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Avery Agent can sign in again.')).toBeInTheDocument();
    expect(
      requestsTo(fetch, accountsContracts.updateStaff).map((r) => [r.params.userId, r.body]),
    ).toEqual([
      [ids.customer, { disabled: true }],
      [ids.customer, { disabled: false }],
    ]);
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    signIn(ids.agent);
    let failing = true;
    const { user } = await renderApp({
      path: '/admin/staff',
      route: staffWorld({
        'accounts.listStaff': () => (failing ? apiError('INTERNAL_ERROR') : [member(admin)]),
      }),
    });
    // The page's own alert, not the notice the failure also raises above the page.
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent('We could not load this right now.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Members of staff' })).toBeInTheDocument();
  });

  it('lists the staff instead of a table on a 360 px screen', async () => {
    width = screenWidth(360);
    signIn(ids.agent);
    await renderApp({ path: '/admin/staff', route: staffWorld() });
    const list = await screen.findByRole('list', { name: 'Members of staff' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [ada, avery] = within(list).getAllByRole('listitem');
    expect(within(ada!).getByText('Status')).toBeInTheDocument();
    expect(avery).toHaveTextContent('Avery Agent');
    expect(within(avery!).getByRole('button', { name: 'Disable Avery Agent' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it("keeps an AGENT's console as it was: no staff or audit pages, and the address refused", async () => {
    signIn(ids.customer);
    const { fetch } = await renderApp({ path: '/dashboard', route: staffWorld() });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Agent console' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Find a customer' })).toBeInTheDocument();
    expect(requestsTo(fetch, accountsContracts.listStaff)).toEqual([]);
  });

  it('tells an AGENT who opens its address that the page is for administrators', async () => {
    signIn(ids.customer);
    const { fetch } = await renderApp({ path: '/admin/staff', route: staffWorld() });
    expect(await screen.findByText('Only administrators can open this page.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
    expect(requestsTo(fetch, accountsContracts.listStaff)).toEqual([]);
  });
});
