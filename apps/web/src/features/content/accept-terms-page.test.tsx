import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import type { ContentDocument } from '@tern/domain/content/schemas';
import { sessionStore } from '../../core/session/session-store.ts';
import { apiError, fakeApi, ids, requestsTo, userDetails } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const terms = (version = '2026-11-01'): ContentDocument => ({
  id: 'terms',
  lang: 'en',
  fallback: false,
  title: 'Terms of use',
  version,
  format: 'markdown',
  body: 'You agree to these terms.',
});

describe('terms a user has not accepted yet', () => {
  it('come before any signed-in page, and accepting them records the version read', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    let accepted = false;
    const { user, fetch } = await renderApp({
      path: '/dashboard',
      route: fakeApi(
        {
          'content.document': () => terms(),
          'accounts.update': ({ body }) => {
            accepted = body.terms === 'ACCEPTED';
            return userDetails({ terms: 'ACCEPTED' });
          },
        },
        { users: { [ids.user]: userDetails({ terms: 'PENDING' }) } },
      ),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Accept the terms of use' }),
    ).toBeVisible();
    expect(await screen.findByText('You agree to these terms.')).toBeVisible();
    const button = screen.getByRole('button', { name: 'Accept and continue' });
    expect(button).toBeDisabled();
    await user.click(
      screen.getByRole('checkbox', { name: 'I have read and accept the terms of use' }),
    );
    await user.click(button);
    await waitFor(() => expect(accepted).toBe(true));
    expect(requestsTo(fetch, accountsContracts.update).map((r) => r.body)).toEqual([
      { terms: 'ACCEPTED', termsVersion: '2026-11-01' },
    ]);
    // Back where the user was going.
    await waitFor(() =>
      expect(
        screen.queryByRole('heading', { level: 1, name: 'Accept the terms of use' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('shows a newer version when the terms changed meanwhile, to be read and accepted again', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    let version = '2026-11-01';
    const { user } = await renderApp({
      path: '/terms/accept',
      route: fakeApi(
        {
          'content.document': () => terms(version),
          'accounts.update': () => {
            version = '2026-12-01';
            return apiError('TERMS_OUTDATED');
          },
        },
        { users: { [ids.user]: userDetails({ terms: 'PENDING' }) } },
      ),
    });
    await screen.findByText('Version 2026-11-01');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(await screen.findByText('Version 2026-12-01')).toBeVisible();
    expect(screen.getByRole('checkbox')).not.toBeChecked();
  });

  it('cannot be accepted by an agent acting for the customer, who is not stopped by them', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user, agentId: ids.agent });
    await renderApp({
      path: '/terms/accept',
      route: fakeApi(
        { 'content.document': () => terms() },
        { users: { [ids.user]: userDetails({ terms: 'PENDING' }) } },
      ),
    });
    expect(await screen.findByText(/an agent cannot accept them on their behalf/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept and continue' })).not.toBeInTheDocument();
  });
});
