import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { contentContracts } from '@tern/domain/content/contracts';
import { sessionStore } from '../../../core/session/session-store.ts';
import {
  apiError,
  fakeApi,
  requestsTo,
  sessionOf,
  type FakeRoutes,
} from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { themeConfigFixture } from '../../../test/theme-config-fixture.ts';

const mfaToken = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Tern:uma@example.com?secret=JBSWY3DPEHPK3PXP',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
};

const registerRoutes = (extra: FakeRoutes = {}) =>
  fakeApi({
    'accounts.register': () => sessionOf(),
    'accounts.mfaToken': () => mfaToken,
    ...extra,
  });

type User = Awaited<ReturnType<typeof renderApp>>['user'];

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });
const password = () => screen.getByLabelText(/^Password/);
const confirmation = () => screen.getByLabelText(/^Confirm password/);

async function fillValidForm(user: User, { policy = 'TRV-1001' }: { policy?: string } = {}) {
  await user.type(await screen.findByRole('textbox', { name: /First name/ }), 'Uma');
  await user.type(field(/Last name/), 'User');
  await user.type(field(/Email address/), 'uma@example.com');
  await user.type(field(/Mobile number/), '4165550123');
  if (policy) await user.type(field(/Policy number/), policy);
  await user.type(password(), 'Secret-123');
  await user.type(confirmation(), 'Secret-123');
}

/** The texts under an input, one per line. */
const messagesOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent?.split('\n') ??
  [];

describe('the register screen', () => {
  it("names the mobile number's countries from the countries document, in the page's language", async () => {
    const { user, fetch } = await renderApp({
      path: '/register',
      language: 'fr',
      route: registerRoutes({
        'content.document': ({ params }) => ({
          id: 'countries',
          lang: params.lang,
          fallback: false,
          title: 'Pays',
          version: 'iso-3166',
          format: 'json',
          body: JSON.stringify([
            { code: 'CA', name: 'Canada (document)' },
            { code: 'FR', name: 'France (document)' },
          ]),
        }),
      }),
    });
    await user.click(await screen.findByRole('combobox', { name: 'Indicatif du pays' }));
    expect(await screen.findByRole('option', { name: 'France (document) (+33)' })).toBeVisible();
    // Countries the document leaves out keep the browser's own name.
    expect(screen.getByRole('option', { name: 'Allemagne (+49)' })).toBeInTheDocument();
    expect(requestsTo(fetch, contentContracts.document)[0]?.params).toEqual({
      id: 'countries',
      lang: 'fr',
    });
  });

  it('says what to enter in one pattern for every required field left empty', async () => {
    const { user, fetch } = await renderApp({ path: '/register', route: registerRoutes() });
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(field(/First name/)).toHaveAccessibleDescription('Enter your first name.'),
    );
    expect(field(/Last name/)).toHaveAccessibleDescription('Enter your last name.');
    expect(field(/Email address/)).toHaveAccessibleDescription('Enter your email address.');
    expect(field(/Mobile number/)).toHaveAccessibleDescription('Enter your mobile number.');
    expect(field(/Policy number/)).toHaveAccessibleDescription('Enter your policy number.');
    expect(requestsTo(fetch, accountsContracts.register)).toEqual([]);
  });

  it("starts the mobile number in the country of the partner's default locale", async () => {
    const { user } = await renderApp({
      path: '/register',
      themeConfig: themeConfigFixture({ config: { defaultLocale: 'en-GB' } }),
      route: registerRoutes(),
    });
    expect(await screen.findByRole('combobox', { name: 'Country code' })).toHaveTextContent('+44');
    await user.type(field(/Mobile number/), '7700900123');
    await user.click(field(/First name/));
    expect(field(/Mobile number/)).not.toHaveAccessibleDescription(/valid/);
  });

  it('lists every broken password rule, one per line, the minimum length first', async () => {
    const { user } = await renderApp({ path: '/register', route: registerRoutes() });
    await user.type(await screen.findByLabelText(/^Password/), 'abc');
    await user.click(field(/First name/));
    await waitFor(() =>
      expect(messagesOf(password())).toEqual([
        'The password must be at least 8 characters long.',
        'The password must contain at least one number.',
        'The password must contain at least one uppercase letter.',
        'The password must contain at least one special character, such as ! @ # $ % & *.',
      ]),
    );
    await user.clear(password());
    await user.type(password(), 'Abc def1!');
    await waitFor(() =>
      expect(messagesOf(password())).toEqual(['The password cannot contain spaces.']),
    );
    await user.clear(password());
    await user.type(password(), 'ABCDEFG1!');
    await waitFor(() =>
      expect(messagesOf(password())).toEqual([
        'The password must contain at least one lowercase letter.',
      ]),
    );
    await user.clear(password());
    await user.type(password(), 'Secret-123');
    await waitFor(() => expect(password()).not.toHaveAttribute('aria-invalid', 'true'));
    // The confirmation nobody has reached yet shows nothing.
    expect(confirmation()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for the confirmation, then for the same password on both fields', async () => {
    const { user } = await renderApp({ path: '/register', route: registerRoutes() });
    await user.type(await screen.findByLabelText(/^Password/), 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(messagesOf(confirmation())).toEqual(['Confirm your password.']));
    await user.type(confirmation(), 'Secret-124');
    await waitFor(() => {
      expect(messagesOf(confirmation())).toEqual(['The passwords do not match.']);
      expect(messagesOf(password())).toEqual(['The passwords do not match.']);
    });
    await user.clear(confirmation());
    await user.type(confirmation(), 'Secret-123');
    await waitFor(() => expect(confirmation()).not.toHaveAttribute('aria-invalid', 'true'));
  });

  it.each([
    ['uma @example.com', 'The email address cannot contain spaces.'],
    ['uma@example', 'Enter a valid email address.'],
  ])('refuses the email %j', async (email, message) => {
    const { user } = await renderApp({ path: '/register', route: registerRoutes() });
    await user.type(await screen.findByRole('textbox', { name: /Email address/ }), email);
    await user.tab();
    await waitFor(() => expect(field(/Email address/)).toHaveAccessibleDescription(message));
  });

  it('requires the policy number when the partner makes it mandatory', async () => {
    const { user, fetch } = await renderApp({ path: '/register', route: registerRoutes() });
    await fillValidForm(user, { policy: '' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(field(/Policy number/)).toHaveAccessibleDescription('Enter your policy number.'),
    );
    expect(requestsTo(fetch, accountsContracts.register)).toEqual([]);
  });

  it('leaves an empty policy number out when the partner does not require one', async () => {
    const { user, fetch } = await renderApp({
      path: '/register',
      themeConfig: themeConfigFixture({
        config: { registration: { policyMandatory: false, mfa: false } },
      }),
      route: registerRoutes(),
    });
    await fillValidForm(user, { policy: '' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    // Without the MFA offer the new user goes straight to the dashboard.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' }),
    ).toBeInTheDocument();
    const sent = requestsTo(fetch, accountsContracts.register);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.params).toEqual({ partnerId: 'travel' });
    expect(sent[0]?.body).not.toHaveProperty('policyNumber');
  });

  it('registers with locale, SMS on and no confirmation, signs in, then offers MFA with skip', async () => {
    const { user, fetch } = await renderApp({
      path: '/register',
      language: 'fr',
      route: registerRoutes(),
    });
    await user.type(await screen.findByRole('textbox', { name: /Prénom/ }), 'Uma');
    await user.type(field(/^Nom/), 'User');
    await user.type(field(/Adresse e-mail/), 'uma@example.com');
    await user.type(field(/Numéro de mobile/), '4165550123');
    await user.type(field(/Numéro de police/), 'TRV-1001');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Secret-123');
    await user.type(screen.getByLabelText(/^Confirmez le mot de passe/), 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Protégez votre compte avec la vérification en deux étapes',
    });
    const sent = requestsTo(fetch, accountsContracts.register);
    expect(sent.map((r) => r.params)).toEqual([{ partnerId: 'travel' }]);
    // What the portal put on the wire, before the contract's defaults fill anything in.
    expect(JSON.parse(sent[0]?.init.body as string)).toEqual({
      firstName: 'Uma',
      surname: 'User',
      emailAddress: 'uma@example.com',
      mobilePhoneNumber: '+14165550123',
      policyNumber: 'TRV-1001',
      password: 'Secret-123',
      locale: 'fr-CA',
      commsSms: true,
    });
    expect(sessionStore.get()?.token).toBe(sessionOf().token);
    expect(
      await within(dialog).findByRole('img', {
        name: 'Code QR qui ajoute votre compte à une application d’authentification',
      }),
    ).toHaveAttribute('src', mfaToken.qrCode);
    expect(within(dialog).getByText(mfaToken.secret)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Plus tard' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bonjour, Uma' }),
    ).toBeInTheDocument();
    const welcome = 'Bienvenue ! Votre compte est prêt.';
    expect(screen.getByText(welcome)).toBeInTheDocument();

    // The welcome belongs to the session: logging out closes it.
    await user.click(await screen.findByRole('button', { name: 'Uma User' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Se déconnecter' }));
    expect(await screen.findByTestId('landing')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(welcome)).not.toBeInTheDocument());
  });

  it('turns MFA on with the code from the authenticator', async () => {
    const { user, fetch } = await renderApp({
      path: '/register',
      route: registerRoutes({
        'accounts.setMfa': ({ body }) =>
          body.code === '246810'
            ? { mfaEnabled: true }
            : apiError('INVALID_MFA_CODE', { field: 'code' }),
      }),
    });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const dialog = await screen.findByRole('dialog');
    const code = await within(dialog).findByRole('textbox', { name: /6-digit code/ });
    await user.type(code, '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('Enter the 6-digit code.'));
    await user.type(code, '9');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription('The verification code is not valid.'),
    );
    await user.clear(code);
    await user.type(code, '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' }),
    ).toBeInTheDocument();
    expect(requestsTo(fetch, accountsContracts.setMfa).at(-1)?.body).toEqual({
      enabled: true,
      code: '246810',
    });
    expect(await screen.findByText('Two-step verification is on.')).toBeInTheDocument();
  });

  it.each([
    [
      'EMAIL_ALREADY_USED',
      409,
      'emailAddress',
      /Email address/,
      'This email address is already registered.',
    ],
    [
      'POLICY_NOT_FOUND',
      404,
      'policyNumber',
      /Policy number/,
      'We could not find this policy number.',
    ],
  ] as const)('shows %s on its field', async (code, status, fieldName, label, message) => {
    const { user } = await renderApp({
      path: '/register',
      route: registerRoutes({
        'accounts.register': () => apiError(code, { status, field: fieldName }),
      }),
    });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(field(label)).toHaveAccessibleDescription(message));
    expect(sessionStore.get()).toBeUndefined();
  });

  it('keeps what was typed, except the passwords, across a reload', async () => {
    const first = await renderApp({ path: '/register', route: registerRoutes() });
    await fillValidForm(first.user);
    const stored = JSON.parse(window.localStorage.getItem('tern.register-form') ?? '{}');
    expect(stored).toEqual({
      firstName: 'Uma',
      surname: 'User',
      emailAddress: 'uma@example.com',
      mobilePhoneNumber: '+14165550123',
      policyNumber: 'TRV-1001',
    });
    expect(JSON.stringify(window.localStorage)).not.toContain('Secret-123');
    first.unmount();

    await renderApp({ path: '/register', route: registerRoutes() });
    expect(await screen.findByRole('textbox', { name: /First name/ })).toHaveValue('Uma');
    expect(field(/Mobile number/)).toHaveValue('4165550123');
    expect(field(/Policy number/)).toHaveValue('TRV-1001');
    expect(password()).toHaveValue('');
  });

  it('forgets the stored form once the account exists', async () => {
    const { user } = await renderApp({ path: '/register', route: registerRoutes() });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('dialog');
    expect(window.localStorage.getItem('tern.register-form')).toBeNull();
  });
});
