import { accountPages } from '@tern/domain/accounts/pages';

/** The accounts area's screens (spec 1 §2); features link through these names, never literal paths. */
export const accountsPaths = {
  /** The register screen. */
  register: '/register',
  /** Sign-in with a one-time code sent by email or SMS. */
  loginWithCode: '/login/code',
  /** Single sign-on: `/sso?token=…` (the page a partner's back end sends its customer to). */
  sso: accountPages.sso,
  forgotPassword: '/forgot-password',
  /** The link of the password-reset email: `/reset-password?token=…`. */
  resetPassword: accountPages.resetPassword,
  /** A link invitation's enrolment page: `/link/{linkId}`. */
  enrol: `${accountPages.enrol}/:linkId`,
  /** The signed-in user's details and communication preferences. */
  myDetails: '/my-details',
  /**
   * The admin console (an ADMIN's own session): the partner's staff, the audit log, the
   * partner's webhooks and the origins that may embed the widget.
   */
  staff: '/admin/staff',
  audit: '/admin/audit',
  embedding: '/admin/embedding',
  webhooks: '/admin/webhooks',
  /** One endpoint's delivery log. */
  webhookDeliveries: '/admin/webhooks/:endpointId',
} as const;
