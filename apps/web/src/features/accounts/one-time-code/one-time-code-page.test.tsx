import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import type { ErrorCode } from '@tern/domain/errors';
import { sessionStore } from '../../../core/session/session-store.ts';
import {
  apiError,
  fakeApi,
  ids,
  requestsTo,
  sessionOf,
  type FakeRoutes,
} from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const otcRoutes = (confirm: NonNullable<FakeRoutes['accounts.confirmCode']>) =>
  fakeApi({
    'accounts.requestCode': ({ body }) => ({ sessionId: `otc-${body.identifier}` }),
    'accounts.confirmCode': confirm,
  });

const codeError = (code: ErrorCode) => apiError(code, { field: 'code' });

type User = Awaited<ReturnType<typeof renderApp>>['user'];

async function askForCode(user: User, identifier = 'uma@example.com') {
  await user.type(
    await screen.findByRole('textbox', { name: /Email address or mobile number/ }),
    identifier,
  );
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  return screen.findByRole('textbox', { name: /6-digit code/ });
}

describe('sign-in with a one-time code', () => {
  it('asks for at least 3 characters before sending a code', async () => {
    const { user, fetch } = await renderApp({
      path: '/login/code',
      route: otcRoutes(() => codeError('INVALID_CODE')),
    });
    const input = await screen.findByRole('textbox', { name: /Email address or mobile number/ });
    await user.type(input, 'ab');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription('Enter at least 3 characters.'));
    expect(requestsTo(fetch, accountsContracts.requestCode)).toEqual([]);
  });

  it('exchanges the identifier for a session id, then the code for a session', async () => {
    const { user, fetch } = await renderApp({
      path: '/login/code',
      route: otcRoutes(() => ({ status: 'OK', ...sessionOf() })),
    });
    const code = await askForCode(user);
    expect(
      screen.getByText(/If an account matches uma@example.com, we have sent it a 6-digit code/),
    ).toBeInTheDocument();
    await user.type(code, '135790');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' }),
    ).toBeInTheDocument();
    expect(requestsTo(fetch, accountsContracts.requestCode).map((r) => r.body)).toEqual([
      { identifier: 'uma@example.com' },
    ]);
    expect(requestsTo(fetch, accountsContracts.confirmCode).map((r) => r.body)).toEqual([
      { sessionId: 'otc-uma@example.com', code: '135790' },
    ]);
    expect(sessionStore.getToken()).toBe(sessionOf().token);
  });

  it('asks a user with MFA on for the authenticator code after the one-time code', async () => {
    const { user } = await renderApp({
      path: '/login/code',
      route: fakeApi({
        'accounts.requestCode': () => ({ sessionId: 'otc-1' }),
        'accounts.confirmCode': () => ({
          status: 'MFA_REQUIRED',
          userId: ids.user,
          session: 'mfa-1',
        }),
        'accounts.confirmMfa': ({ body }) =>
          body.session === 'mfa-1' ? sessionOf() : apiError('MFA_SESSION_EXPIRED'),
      }),
    });
    await user.type(await askForCode(user), '135790');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your verification code' }),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /6-digit code/ }), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' }),
    ).toBeInTheDocument();
  });

  it('puts a wrong code on the code field (INVALID_CODE)', async () => {
    const { user } = await renderApp({
      path: '/login/code',
      route: otcRoutes(() => codeError('INVALID_CODE')),
    });
    const code = await askForCode(user);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('The code is not valid.'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['TOO_MANY_ATTEMPTS', 'Too many attempts. Please wait a moment and try again.'],
    ['EXPIRED_CODE', 'The code has expired. Please request a new one.'],
    ['SESSION_INVALID_CODE', 'The code is not valid for this session.'],
  ] as const)('starts again from the identifier after %s, saying why', async (errorCode, text) => {
    const { user } = await renderApp({
      path: '/login/code',
      route: otcRoutes(() => codeError(errorCode)),
    });
    const code = await askForCode(user);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(
      await screen.findByRole('textbox', { name: /Email address or mobile number/ }),
    ).toHaveValue('uma@example.com');
    expect(screen.queryByRole('textbox', { name: /6-digit code/ })).not.toBeInTheDocument();
  });
});
