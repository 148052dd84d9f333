import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { sessionStore } from '../../../core/session/session-store.ts';
import {
  apiError,
  fakeApi,
  ids,
  requestsTo,
  userDetails,
  type FakeRoutes,
} from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const mfaToken = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Tern:uma@example.com?secret=JBSWY3DPEHPK3PXP',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
};

/** accounts.setMfa that takes only `good`, answering the state asked for. */
const mfaSwitch =
  (good: string): NonNullable<FakeRoutes['accounts.setMfa']> =>
  ({ body }) =>
    body.code === good
      ? { mfaEnabled: body.enabled }
      : apiError('INVALID_MFA_CODE', { field: 'code' });

type Fetch = Awaited<ReturnType<typeof renderApp>>['fetch'];
/** The bodies the portal sent to accounts.setMfa, in order. */
const setMfaBodies = (fetch: Fetch) =>
  requestsTo(fetch, accountsContracts.setMfa).map((r) => r.body);

async function openSettings(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Uma User' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Two-step verification' }));
  return screen.findByRole('dialog', { name: 'Two-step verification' });
}

describe('two-step verification from the user menu', () => {
  it('turns MFA on with the code of a new secret, then offers to turn it off', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    const { user, fetch } = await renderApp({
      path: '/dashboard',
      route: fakeApi({
        'accounts.mfaToken': () => mfaToken,
        'accounts.setMfa': mfaSwitch('246810'),
      }),
    });

    const dialog = await openSettings(user);
    expect(await within(dialog).findByText(mfaToken.secret)).toBeInTheDocument();
    const code = within(dialog).getByRole('textbox', { name: /6-digit code/ });
    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription('The verification code is not valid.'),
    );
    await user.clear(code);
    await user.type(code, '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Two-step verification is on.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(setMfaBodies(fetch).at(-1)).toEqual({ enabled: true, code: '246810' });

    // Now on: the same menu item turns it off, with a current code.
    const off = await openSettings(user);
    expect(within(off).queryByRole('img')).toBeNull();
    await user.type(within(off).getByRole('textbox', { name: /6-digit code/ }), '246810');
    await user.click(within(off).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-step verification is off.')).toBeInTheDocument();
    expect(setMfaBodies(fetch).at(-1)).toEqual({ enabled: false, code: '246810' });

    // Off again: a new secret is asked for, not the one already used.
    await openSettings(user);
    await waitFor(() => expect(requestsTo(fetch, accountsContracts.mfaToken)).toHaveLength(2));
  });

  it('Cancel leaves MFA as it was', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    const { user, fetch } = await renderApp({
      path: '/dashboard',
      route: fakeApi(
        { 'accounts.setMfa': mfaSwitch('246810') },
        { users: { [ids.user]: userDetails({ mfaEnabled: true }) } },
      ),
    });
    const dialog = await openSettings(user);
    expect(within(dialog).getByText(/Two-step verification is on: each sign-in/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(setMfaBodies(fetch)).toEqual([]);
  });

  it('is not offered while an agent acts for the customer', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user, agentId: ids.agent });
    const { user } = await renderApp({ path: '/dashboard', route: fakeApi() });
    await user.click(await screen.findByRole('button', { name: 'Uma User' }));
    expect(await screen.findByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Two-step verification' })).toBeNull();
  });
});
