// Zod-free: a "contact support" link anywhere in the portal names a topic and a subject
// without downloading the support form's rules.
/** Limits of the support form; the body is free text a person writes, not a form line. */
export const SUPPORT_NAME_MAX = 100;
export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_BODY_MAX = 5000;
export const SUPPORT_CATEGORIES = [
  'GENERAL',
  'ACCOUNT',
  'POLICY',
  'CLAIM',
  'PAYOUT',
  'TRAVEL',
  'MONITORING',
] as const;
