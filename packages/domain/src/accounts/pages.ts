/**
 * Portal pages that messages and partners link to: the API builds links to them (the reset
 * email, the SSO entry a partner's back end sends its customer to), the portal serves them.
 */
export const accountPages = {
  /** The link of the password-reset email: `/reset-password?token=…`. */
  resetPassword: '/reset-password',
  /** Single sign-on: `/sso?token=…`. */
  sso: '/sso',
  /** A link invitation's enrolment page: `/link/{linkId}`. */
  enrol: '/link',
} as const;

/**
 * Portal pages whose path carries a bearer credential, `{name}` for it: the API serves each
 * on its own route, so its log shows `[Redacted]` in the credential's place.
 */
export const credentialPages = [`${accountPages.enrol}/{linkId}`] as const;
