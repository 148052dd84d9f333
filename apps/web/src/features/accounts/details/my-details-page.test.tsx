import { screen, waitFor, within } from '@testing-library/react';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import type { CommsEntry } from '@tern/domain/accounts/schemas';
import { describe, expect, it } from 'vitest';
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

const comms: CommsEntry[] = [
  { commsId: 'TRANSACTIONAL_EMAIL', type: 'transactional', active: true, preferred: true },
  { commsId: 'TRANSACTIONAL_SMS', type: 'transactional', active: true, preferred: false },
  { commsId: 'MARKETING_EMAIL', type: 'marketing', active: true, preferred: true },
  { commsId: 'MARKETING_SMS', type: 'marketing', active: false, preferred: false },
];

const world = (extra: FakeRoutes = {}) =>
  fakeApi({
    'accounts.details': () => userDetails({ comms }),
    'accounts.update': ({ body }) =>
      userDetails({
        comms,
        ...(body.firstName ? { firstName: body.firstName } : {}),
        ...(body.surname ? { surname: body.surname } : {}),
        ...(body.mobilePhoneNumber
          ? { mobilePhoneNumber: body.mobilePhoneNumber, mobileConfirmed: false }
          : {}),
      }),
    ...extra,
  });

const open = async (extra?: FakeRoutes) => {
  sessionStore.start({ token: 'tok', userId: ids.user });
  const rendered = await renderApp({ path: '/my-details', route: world(extra) });
  await screen.findByRole('heading', { level: 1, name: 'My details' });
  return rendered;
};

const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('my details', () => {
  it('shows the details and preferences as they are, the email and language read-only', async () => {
    await open();
    await waitFor(() => expect(document.title).toBe('My details · Skyway Travel'));
    await waitFor(() => expect(field(/First name/)).toHaveValue('Uma'));
    expect(field(/Last name/)).toHaveValue('User');
    expect(field(/Email address/)).toHaveAttribute('readonly');
    expect(field(/Email address/)).toHaveValue('uma@example.com');
    expect(field(/Language/)).toHaveValue('English');
    const transactional = screen.getByRole('group', { name: 'About your account and your cover' });
    expect(within(transactional).getByRole('checkbox', { name: 'By email' })).toBeDisabled();
    expect(within(transactional).getByRole('checkbox', { name: 'By email' })).toBeChecked();
    expect(within(transactional).getByRole('checkbox', { name: 'By SMS' })).toBeChecked();
    const marketing = screen.getByRole('radiogroup', { name: 'Offers and news' });
    expect(within(marketing).getByRole('radio', { name: 'By email' })).toBeChecked();
  });

  it('saves names and preferences with one PATCH, says so and goes to the dashboard', async () => {
    const { user, fetch } = await open();
    await waitFor(() => expect(field(/First name/)).toHaveValue('Uma'));
    await user.clear(field(/First name/));
    await user.type(field(/First name/), 'Una');
    await user.click(screen.getByRole('checkbox', { name: 'By SMS' }));
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Offers and news' })).getByRole('radio', {
        name: 'None',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save my details' }));
    expect(await screen.findByText('Your details have been updated.')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Una' }),
    ).toBeInTheDocument();
    const [sent] = requestsTo(fetch, accountsContracts.update);
    expect(sent?.body).toEqual({
      firstName: 'Una',
      surname: 'User',
      comms: [
        { commsId: 'TRANSACTIONAL_EMAIL', active: true, preferred: true },
        { commsId: 'TRANSACTIONAL_SMS', active: false, preferred: false },
        { commsId: 'MARKETING_EMAIL', active: false, preferred: false },
        { commsId: 'MARKETING_SMS', active: false, preferred: false },
      ],
    });
  });

  it('refuses an empty or invalid name and saves nothing', async () => {
    const { user, fetch } = await open();
    await waitFor(() => expect(field(/First name/)).toHaveValue('Uma'));
    await user.clear(field(/First name/));
    await user.clear(field(/Last name/));
    await user.type(field(/Last name/), 'User 2');
    await user.click(screen.getByRole('button', { name: 'Save my details' }));
    await waitFor(() =>
      expect(field(/First name/)).toHaveAccessibleDescription('Enter your first name.'),
    );
    expect(field(/Last name/)).toHaveAccessibleDescription(/letters/);
    expect(requestsTo(fetch, accountsContracts.update)).toEqual([]);
  });

  it('changes the mobile number with the password, then confirms it with the code texted to it', async () => {
    const { user, fetch } = await open({
      'accounts.confirmMobile': () =>
        userDetails({ comms, mobilePhoneNumber: '+14165550199', mobileConfirmed: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Change mobile number' }));
    const change = await screen.findByRole('dialog', { name: 'Change your mobile number' });
    const number = within(change).getByRole('textbox', { name: /New mobile number/ });
    await user.clear(number);
    await user.type(number, '4165550199');
    // Without the password nothing is sent.
    await user.click(within(change).getByRole('button', { name: 'Change number' }));
    expect(await within(change).findByText('Enter your current password.')).toBeInTheDocument();
    expect(requestsTo(fetch, accountsContracts.update)).toEqual([]);
    await user.type(within(change).getByLabelText(/Current password/), 'Passw0rd!x');
    await user.click(within(change).getByRole('button', { name: 'Change number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your mobile number' });
    expect(dialog).toHaveTextContent('+14165550199');
    expect(requestsTo(fetch, accountsContracts.update)[0]?.body).toEqual({
      mobilePhoneNumber: '+14165550199',
      password: 'Passw0rd!x',
    });
    await user.type(within(dialog).getByRole('textbox', { name: /code/i }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your mobile number is confirmed.')).toBeInTheDocument();
    expect(requestsTo(fetch, accountsContracts.confirmMobile)[0]?.body).toEqual({ code: '123456' });
  });

  it('changes the email with the password and the code emailed to the new address', async () => {
    const { user, fetch } = await open({
      'accounts.changeEmail': ({ body }) => ({
        status: 'CODE_SENT' as const,
        emailAddress: body.emailAddress.toLowerCase(),
      }),
      'accounts.confirmEmail': () => userDetails({ comms, emailAddress: 'una@example.com' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Change email' }));
    const change = await screen.findByRole('dialog', { name: 'Change your email address' });
    await user.type(within(change).getByRole('textbox', { name: /New email address/ }), 'una @x');
    await user.type(within(change).getByLabelText(/Current password/), 'Passw0rd!x');
    await user.click(within(change).getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(
        within(change).getByRole('textbox', { name: /New email address/ }),
      ).toHaveAccessibleDescription(/cannot contain spaces/),
    );
    expect(requestsTo(fetch, accountsContracts.changeEmail)).toEqual([]);
    const email = within(change).getByRole('textbox', { name: /New email address/ });
    await user.clear(email);
    await user.type(email, 'Una@Example.com');
    await user.click(within(change).getByRole('button', { name: 'Send code' }));
    const code = await screen.findByRole('dialog', { name: 'Confirm your new email address' });
    expect(code).toHaveTextContent('una@example.com');
    expect(requestsTo(fetch, accountsContracts.changeEmail)[0]?.body).toEqual({
      emailAddress: 'Una@Example.com',
      password: 'Passw0rd!x',
    });
    await user.type(within(code).getByRole('textbox', { name: /code/i }), '654321');
    await user.click(within(code).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Your email address is now una@example.com.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetch, accountsContracts.confirmEmail)[0]?.body).toEqual({ code: '654321' });
    await waitFor(() => expect(field(/^Email address/)).toHaveValue('una@example.com'));
  });

  it('asks for the authenticator code instead of the password when MFA is on', async () => {
    const { user } = await open({
      'accounts.details': () => userDetails({ comms, mfaEnabled: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Change email' }));
    const change = await screen.findByRole('dialog', { name: 'Change your email address' });
    expect(
      within(change).getByRole('textbox', { name: /Code from your authenticator app/ }),
    ).toBeInTheDocument();
    expect(within(change).queryByLabelText(/Current password/)).toBeNull();
  });

  it('says to wait for the next authenticator code when the proof typed was just used', async () => {
    const { user } = await open({
      'accounts.details': () => userDetails({ comms, mfaEnabled: true }),
      'accounts.changeEmail': () => apiError('MFA_CODE_USED', { field: 'code' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Change email' }));
    const change = await screen.findByRole('dialog', { name: 'Change your email address' });
    await user.type(
      within(change).getByRole('textbox', { name: /New email address/ }),
      'una@example.com',
    );
    const code = within(change).getByRole('textbox', { name: /Code from your authenticator app/ });
    await user.type(code, '123456');
    await user.click(within(change).getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        'This code has just been used. Wait for the next code from your authenticator app.',
      ),
    );
  });

  it('lets an agent acting for the customer change names but not the ways to sign in', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user, agentId: ids.agent });
    await renderApp({ path: '/my-details', route: world() });
    await screen.findByRole('heading', { level: 1, name: 'My details' });
    await waitFor(() => expect(field(/Mobile number/)).toHaveAttribute('readonly'));
    expect(field(/Mobile number/)).toHaveAccessibleDescription(
      'Only the account holder can change the mobile number.',
    );
    expect(screen.queryByRole('button', { name: 'Change mobile number' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change email' })).toBeNull();
    expect(field(/First name/)).toBeEnabled();
  });
});
