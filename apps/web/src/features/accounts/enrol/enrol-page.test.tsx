import { screen, waitFor } from '@testing-library/react';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  fakeApi,
  ids,
  requestsTo,
  sessionOf,
  userDetails,
  type FakeRoutes,
} from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const LINK = 'Abcdefghijklmnopqrstuvwxyz012345';
const invitation = {
  linkId: LINK,
  firstName: 'Ines',
  surname: 'Invited',
  mobilePhoneNumber: '+14165550142',
  emailAddress: 'ines@example.com',
  externalPolicyNumber: 'SKY-2004',
  secondaryId: null,
  active: 1 as const,
};
const routes = (extra: FakeRoutes = {}) =>
  fakeApi({
    'accounts.link': () => invitation,
    'accounts.enrol': () => sessionOf(),
    'accounts.update': ({ body }) =>
      userDetails({ mobilePhoneNumber: body.mobilePhoneNumber, mobileConfirmed: true }),
    ...extra,
  });
const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('enrolment from a link invitation', () => {
  it('prefills the invitation, enrols with a password, sets the mobile number and signs in', async () => {
    const { user, fetch } = await renderApp({ path: `/link/${LINK}`, route: routes() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your account' }),
    ).toBeVisible();
    await waitFor(() => expect(field(/First name/)).toHaveValue('Ines'));
    expect(field(/Email address/)).toHaveValue('ines@example.com');
    expect(field(/Email address/)).toHaveAttribute('readonly');
    expect(screen.getByText('Policy SKY-2004 will be added to your account.')).toBeInTheDocument();
    // A weak password is refused before anything is sent.
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(requestsTo(fetch, accountsContracts.enrol)).toEqual([]));
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'Enrol-Pass-1!');
    await user.type(screen.getByLabelText(/^Confirm/), 'Enrol-Pass-1!');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(
      await screen.findByText('Welcome! Your account is ready and your policy is on it.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetch, accountsContracts.enrol)[0]).toMatchObject({
      params: { linkId: LINK },
      body: { firstName: 'Ines', surname: 'Invited', password: 'Enrol-Pass-1!', locale: 'en-CA' },
    });
    expect(requestsTo(fetch, accountsContracts.update)[0]).toMatchObject({
      params: { id: ids.user },
      body: { mobilePhoneNumber: '+14165550142', password: 'Enrol-Pass-1!' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Hello/ })).toBeInTheDocument();
  });

  it('warns LINK_ALREADY_USED for a used link and returns to /', async () => {
    await renderApp({
      path: `/link/${LINK}`,
      route: routes({ 'accounts.link': () => apiError('LINK_ALREADY_USED') }),
    });
    expect(
      await screen.findByText(/This invitation link has already been used/),
    ).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('returns to / with a notice for an expired link', async () => {
    await renderApp({
      path: `/link/${LINK}`,
      route: routes({ 'accounts.link': () => ({ ...invitation, active: 0 as const }) }),
    });
    expect(
      await screen.findByText('This invitation has expired. Contact us for a new one.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('says an unknown link was not found, with the way home', async () => {
    await renderApp({
      path: `/link/${LINK}`,
      route: routes({ 'accounts.link': () => apiError('LINK_NOT_FOUND') }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find this invitation. Check the link in your email.',
    );
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
