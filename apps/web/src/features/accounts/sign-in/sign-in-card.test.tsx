import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../../core/session/auth-store.ts';
import { sessionStore } from '../../../core/session/session-store.ts';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import {
  apiError,
  fakeApi,
  ids,
  requestsTo,
  sessionOf,
  userDetails,
} from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const mfaChallenge = {
  status: 'MFA_REQUIRED' as const,
  userId: ids.user,
  session: 'mfa-session',
};

const fillCredentials = async (
  user: Awaited<ReturnType<typeof renderApp>>['user'],
  email = 'uma@example.com',
  password = 'Secret-123',
) => {
  await user.type(await screen.findByRole('textbox', { name: 'Email address' }), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('the sign-in card', () => {
  it('offers the one-time code, password reset and register screens', async () => {
    await renderApp();
    const card = await screen.findByRole('region', { name: 'Sign in' });
    expect(
      within(card).getByRole('link', { name: 'Sign in with a one-time code' }),
    ).toHaveAttribute('href', '/login/code');
    expect(within(card).getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(within(card).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it.each([
    ['', 'This field is required.'],
    ['uma @example.com', 'The email address cannot contain spaces.'],
    ['uma@example', 'Enter a valid email address.'],
  ])('refuses the email %j with its message', async (email, message) => {
    const { user, fetch } = await renderApp({ route: fakeApi() });
    const input = await screen.findByRole('textbox', { name: 'Email address' });
    if (email) await user.type(input, email);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(message));
    expect(requestsTo(fetch, accountsContracts.login)).toEqual([]);
  });

  it('signs in with the partner id, sets the session up and opens the dashboard', async () => {
    const { user, fetch } = await renderApp({
      route: fakeApi({
        'accounts.login': () => ({ status: 'OK', ...sessionOf() }),
      }),
    });
    await fillCredentials(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' }),
    ).toBeInTheDocument();
    expect(requestsTo(fetch, accountsContracts.login).map((r) => r.body)).toEqual([
      {
        emailAddress: 'uma@example.com',
        password: 'Secret-123',
        partnerId: 'travel',
      },
    ]);
    expect(sessionStore.get()).toMatchObject({ token: sessionOf().token, userId: ids.user });
    await waitFor(() =>
      expect(authStore.get()).toMatchObject({
        authenticated: true,
        roles: ['USER'],
        loginRoles: ['USER'],
        partnerId: 'travel',
        agentId: null,
      }),
    );
    expect(authStore.get().accessProfile.length).toBeGreaterThan(0);
  });

  it('chooses ADMIN before AGENT and USER as the login role, and shows the agent console', async () => {
    const admin = userDetails({ roles: ['USER', 'AGENT', 'ADMIN'] });
    const { user } = await renderApp({
      route: fakeApi(
        { 'accounts.login': () => ({ status: 'OK', ...sessionOf() }) },
        { users: { [ids.user]: admin } },
      ),
    });
    await fillCredentials(user);
    expect(await screen.findByRole('region', { name: 'Find a customer' })).toBeInTheDocument();
    const { loginRole } = await import('@tern/domain/access');
    expect(loginRole(authStore.get().loginRoles)).toBe('ADMIN');
  });

  it('says to wait for the next code when the one typed was just used (the one that turned MFA on)', async () => {
    const { user } = await renderApp({
      route: fakeApi({
        'accounts.login': () => mfaChallenge,
        'accounts.confirmMfa': () => apiError('MFA_CODE_USED', { field: 'code' }),
      }),
    });
    await fillCredentials(user);
    const code = await screen.findByRole('textbox', { name: /6-digit code/ });
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        'This code has just been used. Wait for the next code from your authenticator app.',
      ),
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for the authenticator code when MFA is on, then confirms it', async () => {
    const { user, fetch } = await renderApp({
      route: fakeApi({
        'accounts.login': () => mfaChallenge,
        'accounts.confirmMfa': ({ body }) =>
          body.code === '123456' ? sessionOf() : apiError('INVALID_MFA_CODE', { field: 'code' }),
      }),
    });
    await fillCredentials(user);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Enter your verification code' }),
    ).toBeInTheDocument();
    // The code step's own code arrives once an account asks for it.
    const code = await screen.findByRole('textbox', { name: /6-digit code/ });

    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code.')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The verification code is not valid.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' }),
    ).toBeInTheDocument();
    expect(requestsTo(fetch, accountsContracts.confirmMfa).at(-1)?.body).toEqual({
      userId: ids.user,
      code: '123456',
      session: 'mfa-session',
    });
  });

  it('says why when the credentials are wrong, and stays signed out', async () => {
    const { user } = await renderApp({
      route: fakeApi({
        'accounts.login': () => apiError('INCORRECT_CREDENTIALS'),
      }),
    });
    await fillCredentials(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The email address or password is incorrect.',
    );
    expect(screen.getByRole('region', { name: 'Sign in' })).toBeInTheDocument();
    expect(sessionStore.get()).toBeUndefined();
    await waitFor(() =>
      expect(authStore.get()).toMatchObject({
        authenticated: false,
        error: 'errors.incorrect_credentials',
      }),
    );
  });

  it('says, when password sign-in to the account is paused, that a one-time code or a reset still works', async () => {
    const { user } = await renderApp({
      route: fakeApi({ 'accounts.login': () => apiError('ACCOUNT_LOCKED') }),
    });
    await fillCredentials(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign in with a one-time code, or reset your password.',
    );
    const card = screen.getByRole('region', { name: 'Sign in' });
    expect(within(card).getByRole('link', { name: 'Sign in with a one-time code' })).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Forgot password?' })).toBeVisible();
  });

  it('clears the stored token and id when the session setup fails', async () => {
    const { user } = await renderApp({
      route: fakeApi({
        'accounts.login': () => ({ status: 'OK', ...sessionOf() }),
        'accounts.access': () => apiError('ACCOUNT_HOLDER_ONLY'),
      }),
    });
    await fillCredentials(user);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(sessionStore.get()).toBeUndefined();
    expect(window.sessionStorage.getItem('tern.session')).toBeNull();
    expect(authStore.get()).toMatchObject({
      authenticated: false,
      error: 'errors.account_holder_only',
    });
    expect(screen.getByTestId('landing')).toBeInTheDocument();
  });
});
