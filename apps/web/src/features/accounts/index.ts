import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';
import { documentPath } from '../content/index.ts';
import { accountsPaths } from './paths.ts';

export { ProofField } from './lazy-proof-field.tsx';
export { supportLink } from './support/support-link.ts';

/** The sign-in card of `/`: password, then the authenticator code when MFA is on. */
export const SignInCard = lazy(() => import('./sign-in/sign-in-card.tsx'));
/** The agent console on an agent's or administrator's dashboard. */
export const AgentConsole = lazy(() => import('./agents/agent-console.tsx'));
/** Shown on every page while an agent acts for a customer, with the way back. */
export const ActingBanner = lazy(() => import('./agents/acting-banner.tsx'));
/** Two-step verification from the user menu. */
export const MfaSettingsDialog = lazy(() => import('./mfa/mfa-settings-dialog.tsx'));

const MyDetailsPage = lazy(() => import('./details/my-details-page.tsx'));

/**
 * Accounts and sessions (spec 1): register, every way to sign in, password reset, two-step
 * verification, the agent console and an ADMIN's console (staff, audit log, webhooks, the widget's embedding origins). The session
 * plumbing itself is `core/session`.
 */
export const accountsArea: WebArea = {
  name: 'accounts',
  publicRoutes: [
    { path: accountsPaths.register, Component: lazy(() => import('./register/register-page.tsx')) },
    {
      path: accountsPaths.loginWithCode,
      Component: lazy(() => import('./one-time-code/one-time-code-page.tsx')),
    },
    { path: accountsPaths.sso, Component: lazy(() => import('./sso/sso-page.tsx')) },
    { path: accountsPaths.enrol, Component: lazy(() => import('./enrol/enrol-page.tsx')) },
    {
      path: accountsPaths.forgotPassword,
      Component: lazy(() => import('./password/forgot-password-page.tsx')),
    },
    {
      path: accountsPaths.resetPassword,
      Component: lazy(() => import('./password/reset-password-page.tsx')),
    },
    // Before the help area's `/help/:documentId`: the contact document with the support form.
    { path: documentPath('contact'), Component: lazy(() => import('./support/contact-page.tsx')) },
  ],
  sessionRoutes: [
    { path: accountsPaths.myDetails, Component: MyDetailsPage },
    // The admin console: an ADMIN's own session (the pages say so to anyone else).
    { path: accountsPaths.staff, Component: lazy(() => import('./admin/staff-page.tsx')) },
    { path: accountsPaths.audit, Component: lazy(() => import('./admin/audit-page.tsx')) },
    {
      path: accountsPaths.webhooks,
      Component: lazy(() => import('./admin/webhooks/webhooks-page.tsx')),
    },
    {
      path: accountsPaths.webhookDeliveries,
      Component: lazy(() => import('./admin/webhooks/deliveries-page.tsx')),
    },
    {
      path: accountsPaths.embedding,
      Component: lazy(() => import('./admin/embedding-page.tsx')),
    },
  ],
  // The account panel: the user's details, with no multi-factor step (spec 2 §2.1).
  panels: { account: { page: MyDetailsPage } },
  nav: [
    { path: accountsPaths.myDetails, label: 'my_details.title' },
    { path: accountsPaths.staff, label: 'admin.staff_title', feature: 'admin-console' },
    { path: accountsPaths.audit, label: 'admin.audit_title', feature: 'admin-console' },
    { path: accountsPaths.webhooks, label: 'admin.webhooks_title', feature: 'admin-console' },
    { path: accountsPaths.embedding, label: 'admin.embedding_title', feature: 'admin-console' },
  ],
  datasets: () =>
    import('../../core/session/session-queries.ts').then((m) => [m.userDetailsDataset]),
};
