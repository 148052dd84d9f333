/** The routes of spec 1 §2; features link through these names, never through literal paths. */
export const paths = {
  landing: '/',
  dashboard: '/dashboard',
  resolutionSelect: '/resolution/select',
  actionPlan: '/monitored-data/action-plan',
  /** The register screen (spec 1 §2). */
  register: '/register',
  /** Sign-in with a one-time code sent by email or SMS. */
  loginWithCode: '/login/code',
  /** Single sign-on: `/sso?token=…`. */
  sso: '/sso',
  forgotPassword: '/forgot-password',
  /** The link of the password-reset email: `/reset-password?token=…`. */
  resetPassword: '/reset-password',
} as const;
