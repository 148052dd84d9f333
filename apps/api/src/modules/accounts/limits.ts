import { RESET_LINK_TTL_MS } from '@tern/domain';

/**
 * Lifetimes and attempt limits of the sign-in flows, in one place. Windows are fixed: they
 * open with the first hit and a limit holds until the window has passed.
 */
export const MINUTE_MS = 60_000;

export interface Limit {
  limit: number;
  windowMs: number;
}

/** Login attempts per account; a successful login clears the count. */
export const LOGIN_PER_ACCOUNT: Limit = { limit: 5, windowMs: 15 * MINUTE_MS };
/** Failed logins per client address, whatever the account (password spraying). */
export const LOGIN_FAILURES_PER_ADDRESS: Limit = { limit: 50, windowMs: 15 * MINUTE_MS };
/** One-time codes sent to one email address or phone number. */
export const OTC_SENDS_PER_DESTINATION: Limit = { limit: 3, windowMs: 15 * MINUTE_MS };
/** Wrong TOTP codes per user, across challenges (each challenge also has its own 5 tries). */
export const MFA_FAILURES_PER_USER: Limit = { limit: 10, windowMs: 15 * MINUTE_MS };
/** Password-reset emails per address. */
export const RESETS_PER_EMAIL: Limit = { limit: 3, windowMs: 15 * MINUTE_MS };
/** Email changes a user may ask for (each looks an address up and may send it a code). */
export const EMAIL_CHANGES_PER_USER: Limit = { limit: 5, windowMs: 15 * MINUTE_MS };
/** Support requests per email address, whatever the client address (each one emails it). */
export const SUPPORT_PER_EMAIL: Limit = { limit: 5, windowMs: 60 * MINUTE_MS };
/** Link lookups and enrolments per client address (link ids cannot be guessed; still). */
export const LINKS_PER_ADDRESS: Limit = { limit: 30, windowMs: MINUTE_MS };

/** The longest window of the limits above: a window older than this has ended everywhere. */
export const LONGEST_WINDOW_MS = Math.max(
  ...[
    LOGIN_PER_ACCOUNT,
    LOGIN_FAILURES_PER_ADDRESS,
    OTC_SENDS_PER_DESTINATION,
    MFA_FAILURES_PER_USER,
    RESETS_PER_EMAIL,
    SUPPORT_PER_EMAIL,
  ].map((limit) => limit.windowMs),
);

export const OTC_TTL_MS = 5 * MINUTE_MS;
export const OTC_MAX_ATTEMPTS = 5;
export const MFA_CHALLENGE_TTL_MS = 5 * MINUTE_MS;
export const MFA_MAX_ATTEMPTS = 5;
export const RESET_TTL_MS = RESET_LINK_TTL_MS;
/** An SSO token may live at most this long from its issue time. */
export const SSO_MAX_LIFETIME_S = 5 * 60;
/** TOTP time step (RFC 6238's default; every authenticator app uses it). */
export const TOTP_PERIOD_S = 30;
/** Clock difference tolerated between a partner's server and ours. */
export const SSO_CLOCK_TOLERANCE_S = 30;
