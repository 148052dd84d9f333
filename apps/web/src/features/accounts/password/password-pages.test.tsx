import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { sessionStore } from '../../../core/session/session-store.ts';
import { apiError, fakeApi, requestsTo } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

describe('forgot password', () => {
  it('sends the email with the partner id and says a link is on its way (reset_sent)', async () => {
    const { user, fetch } = await renderApp({
      path: '/forgot-password',
      route: fakeApi({ 'accounts.forgotPassword': () => ({ status: 'ACCEPTED' }) }),
    });
    const email = await screen.findByRole('textbox', { name: /Email address/ });
    await user.type(email, 'uma@');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid email address.'));
    await user.type(email, 'example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for this email address, we have sent it a link to reset your password.',
    );
    expect(
      screen.getByText(
        'Open the link in the email within 30 minutes to choose a new password. It works once.',
      ),
    ).toBeVisible();
    expect(requestsTo(fetch, accountsContracts.forgotPassword).map((r) => r.body)).toEqual([
      { emailAddress: 'uma@example.com', partnerId: 'travel' },
    ]);
  });
});

describe('reset password', () => {
  it('checks the new password with the sign-up rules', async () => {
    const { user } = await renderApp({
      path: '/reset-password?token=reset-token-123',
      route: fakeApi(),
    });
    const password = await screen.findByLabelText(/^New password/);
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        expect.stringContaining('The password must be at least 8 characters long.'),
      ),
    );
    expect(screen.getByLabelText(/^Confirm the new password/)).toHaveAccessibleDescription(
      'Confirm your password.',
    );
  });

  it('sends only the password with the token and partner, then returns to / without signing in', async () => {
    const { user, fetch } = await renderApp({
      path: '/reset-password?token=reset-token-123',
      route: fakeApi({ 'accounts.resetPassword': () => ({ status: 'PASSWORD_CHANGED' }) }),
    });
    await user.type(await screen.findByLabelText(/^New password/), 'Better-456');
    await user.type(screen.getByLabelText(/^Confirm the new password/), 'Better-456');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been changed. Sign in with your new password.',
    );
    expect(requestsTo(fetch, accountsContracts.resetPassword).map((r) => r.body)).toEqual([
      { token: 'reset-token-123', password: 'Better-456', partnerId: 'travel' },
    ]);
    expect(sessionStore.get()).toBeUndefined();
  });

  it('shows an expired link as a message, not on a field the form does not have', async () => {
    const { user } = await renderApp({
      path: '/reset-password?token=reset-token-123',
      route: fakeApi({
        'accounts.resetPassword': () => apiError('EXPIRED_CODE', { field: 'code' }),
      }),
    });
    await user.type(await screen.findByLabelText(/^New password/), 'Better-456');
    await user.type(screen.getByLabelText(/^Confirm the new password/), 'Better-456');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The code has expired. Please request a new one.',
    );
  });

  it('says a used link cannot be used as the page opens, with the way to a new one', async () => {
    const { user, fetch } = await renderApp({
      path: '/reset-password?token=reset-token-123',
      route: fakeApi({ 'accounts.checkResetLink': () => apiError('RESET_LINK_USED') }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link, or another reset link sent to you, has already been used. Ask for a new link.',
    );
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    expect(requestsTo(fetch, accountsContracts.checkResetLink).map((r) => r.body)).toEqual([
      { token: 'reset-token-123', partnerId: 'travel' },
    ]);
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Reset your password',
    );
  });

  it('says an expired link has expired as the page opens', async () => {
    await renderApp({
      path: '/reset-password?token=reset-token-123',
      route: fakeApi({ 'accounts.checkResetLink': () => apiError('EXPIRED_CODE') }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The code has expired. Please request a new one.',
    );
  });

  it('explains a link without a token', async () => {
    await renderApp({ path: '/reset-password', route: fakeApi() });
    expect(
      await screen.findByText('This reset link is incomplete. Ask for a new link.'),
    ).toBeInTheDocument();
  });
});
