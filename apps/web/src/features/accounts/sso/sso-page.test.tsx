import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { sessionStore } from '../../../core/session/session-store.ts';
import { apiError, fakeApi, ids, requestsTo } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const ssoToken = 'sso-token-0123456789';

describe('single sign-on', () => {
  it('exchanges the token for a session and opens the dashboard', async () => {
    const { fetch } = await renderApp({
      path: `/sso?token=${ssoToken}`,
      route: fakeApi({
        'accounts.sso': ({ params }) =>
          params.token === ssoToken
            ? {
                userId: ids.user,
                accessToken: 'sso-session',
                expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
              }
            : apiError('UNAUTHORISED'),
      }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' }),
    ).toBeInTheDocument();
    expect(sessionStore.get()).toMatchObject({ token: 'sso-session', userId: ids.user });
    expect(requestsTo(fetch, accountsContracts.sso).map((r) => r.params)).toEqual([
      { token: ssoToken },
    ]);
  });

  it('returns to / with the error toast when the token is refused', async () => {
    await renderApp({
      path: `/sso?token=${ssoToken}`,
      route: fakeApi({
        // What the API answers for any refused token (bad, expired, reused, another partner's).
        'accounts.sso': () => apiError('UNAUTHORISED', { message: 'Single sign-on failed' }),
      }),
    });
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please sign in to continue. If the problem persists, please contact support.',
    );
    expect(sessionStore.get()).toBeUndefined();
  });

  it('returns to / with a message when the link has no token', async () => {
    await renderApp({ path: '/sso', route: fakeApi() });
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in link is incomplete. Please sign in.',
    );
  });
});
