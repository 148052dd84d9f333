import { MINUTE_MS, RESET_LINK_TTL_MS, type AbuseClass } from '@tern/domain';
import { TOKEN_MAX_LIFETIME_S } from '@tern/partner-client';

export { MINUTE_MS };

/**
 * Lifetimes and attempt limits of the sign-in flows, in one place. Windows are fixed: they
 * open with the first hit and a limit holds until the window has passed.
 */
export interface Limit {
  limit: number;
  windowMs: number;
}

/**
 * A lock that grows while it keeps being earned: the first lasts `firstMs`, each next one
 * twice the last, up to `maxMs`; a lock starting `memoryMs` or more after the last one started
 * is a first one again.
 */
export interface Backoff {
  firstMs: number;
  maxMs: number;
  memoryMs: number;
}
/** How long the `n`th lock in a row lasts. */
export const lockLengthMs = (backoff: Backoff, n: number): number =>
  Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.max(0, n - 1));

/**
 * Password logins per account from one client address; a success clears them. What stops a
 * guesser, while the owner, from any other address, is not held back (ADR 0010).
 */
export const LOGIN_PER_ACCOUNT_AND_ADDRESS: Limit = { limit: 5, windowMs: 15 * MINUTE_MS };
/** Failed logins per client address, whatever the account (password spraying). */
export const LOGIN_FAILURES_PER_ADDRESS: Limit = { limit: 50, windowMs: 15 * MINUTE_MS };
/**
 * Failed logins per account from all addresses together (many addresses guessing one
 * password): reaching the limit pauses password sign-in to the account (`ACCOUNT_LOCK`); a
 * one-time code or a password reset still signs its owner in.
 */
export const LOGIN_FAILURES_PER_ACCOUNT: Limit = { limit: 100, windowMs: 24 * 60 * MINUTE_MS };
/** 15 minutes, then 30, 1 hour… up to a day, while the account keeps being guessed. */
export const ACCOUNT_LOCK: Backoff = {
  firstMs: 15 * MINUTE_MS,
  maxMs: 24 * 60 * MINUTE_MS,
  memoryMs: 48 * 60 * MINUTE_MS,
};
/**
 * The account's failures, in its window, at which its owner is emailed that someone is
 * trying passwords: as many as one address may try. Once per window (and again after a lock).
 */
export const GUESSING_NOTICE_AT = LOGIN_PER_ACCOUNT_AND_ADDRESS.limit;
/**
 * One-time codes sent to one email address or phone number from one client address: a
 * stranger using them up does not stop the owner asking from theirs.
 */
export const OTC_SENDS_PER_DESTINATION_AND_ADDRESS: Limit = { limit: 3, windowMs: 15 * MINUTE_MS };
/** …and from all client addresses together, so nobody can flood a mailbox or a phone. */
export const OTC_SENDS_PER_DESTINATION: Limit = { limit: 10, windowMs: 15 * MINUTE_MS };
/** Codes a signed-in user has sent to a new email address or phone number, per destination. */
export const CODE_SENDS_TO_NEW_DESTINATION: Limit = { limit: 3, windowMs: 15 * MINUTE_MS };
/** Wrong TOTP codes per user, across challenges (each challenge also has its own 5 tries). */
export const MFA_FAILURES_PER_USER: Limit = { limit: 10, windowMs: 15 * MINUTE_MS };
/** Password-reset emails per email address from one client address. */
export const RESETS_PER_EMAIL_AND_ADDRESS: Limit = { limit: 3, windowMs: 15 * MINUTE_MS };
/**
 * …and from all client addresses together. When strangers use these up, the owner still has
 * a way in: each of them emailed the owner a link, and the latest one works (ADR 0010).
 */
export const RESETS_PER_EMAIL: Limit = { limit: 10, windowMs: 15 * MINUTE_MS };
/** Email changes a user may ask for (each looks an address up and may send it a code). */
export const EMAIL_CHANGES_PER_USER: Limit = { limit: 5, windowMs: 15 * MINUTE_MS };
/** Support requests per email address, whatever the client address (each one emails it). */
export const SUPPORT_PER_EMAIL: Limit = { limit: 5, windowMs: 60 * MINUTE_MS };
/** Link lookups and enrolments per client address (link ids cannot be guessed; still). */
export const LINKS_PER_ADDRESS: Limit = { limit: 30, windowMs: MINUTE_MS };

/**
 * The allowance of each abuse class (a contract's `limit`: the calls that send a message,
 * create an account, move money or take a file), shared by the calls of the class and counted
 * before the request is read: per signed-in user (also while an agent acts for them), per
 * partner back end (its server secrets), and per client address where neither calls (sign-up,
 * the code, reset and support forms, a signed upload link). An hour's window: a person, or a
 * partner's busiest hour, stays well inside it; a script does not. Only the caller's own calls
 * count against the caller, so a stranger spends their own address's allowance, never an
 * account's. `ABUSE_LIMIT_SCALE` multiplies them (load tests, the journeys).
 */
export const ABUSE_LIMITS: Record<AbuseClass, Record<AbuseTier, Limit>> = {
  message: {
    perUser: { limit: 100, windowMs: 60 * MINUTE_MS },
    perPartner: { limit: 1000, windowMs: 60 * MINUTE_MS },
    perAddress: { limit: 60, windowMs: 60 * MINUTE_MS },
  },
  account: {
    perUser: { limit: 30, windowMs: 60 * MINUTE_MS },
    perPartner: { limit: 1000, windowMs: 60 * MINUTE_MS },
    perAddress: { limit: 30, windowMs: 60 * MINUTE_MS },
  },
  money: {
    perUser: { limit: 100, windowMs: 60 * MINUTE_MS },
    perPartner: { limit: 1000, windowMs: 60 * MINUTE_MS },
    perAddress: { limit: 30, windowMs: 60 * MINUTE_MS },
  },
  upload: {
    perUser: { limit: 100, windowMs: 60 * MINUTE_MS },
    perPartner: { limit: 1000, windowMs: 60 * MINUTE_MS },
    perAddress: { limit: 120, windowMs: 60 * MINUTE_MS },
  },
};
/** Whose allowance a call of an abuse class spends (see `ABUSE_LIMITS`). */
export type AbuseTier = 'perUser' | 'perPartner' | 'perAddress';

/**
 * The longest window of the limits above (and how long a lock is remembered): a window older
 * than this has ended everywhere.
 */
export const LONGEST_WINDOW_MS = Math.max(
  ACCOUNT_LOCK.memoryMs,
  ...[
    LOGIN_PER_ACCOUNT_AND_ADDRESS,
    LOGIN_FAILURES_PER_ADDRESS,
    LOGIN_FAILURES_PER_ACCOUNT,
    OTC_SENDS_PER_DESTINATION_AND_ADDRESS,
    OTC_SENDS_PER_DESTINATION,
    CODE_SENDS_TO_NEW_DESTINATION,
    MFA_FAILURES_PER_USER,
    RESETS_PER_EMAIL_AND_ADDRESS,
    RESETS_PER_EMAIL,
    SUPPORT_PER_EMAIL,
    ...Object.values(ABUSE_LIMITS).flatMap((tiers) => Object.values(tiers)),
  ].map((limit) => limit.windowMs),
);

export const OTC_TTL_MS = 5 * MINUTE_MS;
export const OTC_MAX_ATTEMPTS = 5;
export const MFA_CHALLENGE_TTL_MS = 5 * MINUTE_MS;
export const MFA_MAX_ATTEMPTS = 5;
export const RESET_TTL_MS = RESET_LINK_TTL_MS;
/**
 * An SSO token may live at most this long from its issue time: the partner client, which
 * signs tokens as a partner's back end does, owns the token format.
 */
export const SSO_MAX_LIFETIME_S = TOKEN_MAX_LIFETIME_S;
/** TOTP time step (RFC 6238's default; every authenticator app uses it). */
export const TOTP_PERIOD_S = 30;
/** Clock difference tolerated between a partner's server and ours. */
export const SSO_CLOCK_TOLERANCE_S = 30;
