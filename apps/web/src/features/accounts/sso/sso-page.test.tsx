import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../app/session/session-store.ts';
import { jsonResponse } from '../../../test/fake-fetch.ts';
import { fakeApi, ids } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const ssoToken = 'sso-token-0123456789';

describe('single sign-on', () => {
  it('exchanges the token for a session and opens the dashboard', async () => {
    await renderApp({
      path: `/sso?token=${ssoToken}`,
      route: fakeApi({
        [`GET /platform/user/sso/${ssoToken}`]: () =>
          jsonResponse(200, {
            userId: ids.user,
            accessToken: 'sso-session',
            expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          }),
      }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' }),
    ).toBeInTheDocument();
    expect(sessionStore.get()).toMatchObject({ token: 'sso-session', userId: ids.user });
  });

  it('returns to / with the error toast when the token is refused', async () => {
    await renderApp({
      path: `/sso?token=${ssoToken}`,
      route: fakeApi({
        [`GET /platform/user/sso/${ssoToken}`]: () =>
          // What the API answers for any refused token (bad, expired, reused, another partner's).
          jsonResponse(401, {
            code: 'UNAUTHORISED',
            status: 401,
            message: 'Single sign-on failed',
          }),
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
