import { z } from 'zod';

/**
 * The one error catalogue shared by API and web (spec 1 §8, spec 2 §8).
 * Each code has its HTTP status and, when the error belongs to one form input, that input's
 * name (`field`). The translation key is always `errors.{code lower-case}`; texts live in
 * `./i18n/texts/{language}/errors.ts`.
 */
type Entry = { readonly status: number; readonly field?: string };

export const errorCatalogue = {
  // 400 — bad requests
  INVALID_PARAMS: { status: 400, field: '' },
  VALIDATION_FAILED: { status: 400, field: '' },
  MISSING_PARAMS: { status: 400, field: '' },
  MALFORMED_JSON: { status: 400 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  PAYLOAD_TOO_LARGE: { status: 413 },
  PAYOUT_METHOD_IN_USE: { status: 400 },
  PAYOUT_SERVICE_NOT_CONFIGURED: { status: 400 },
  INVALID_MFA_CODE: { status: 400, field: 'code' },
  /**
   * A right TOTP code already used (each is accepted once, RFC 6238 §5.2), typically the one
   * that just turned MFA on: wait for the app's next code.
   */
  MFA_CODE_USED: { status: 400, field: 'code' },
  POLICY_TOO_MANY_USES: { status: 400, field: 'policyNumber' },
  EXPIRED_OR_INACTIVE: { status: 400 },
  MISSING_CONFIG: { status: 400 },
  /** The bank's answer to a consent journey does not match it, or the journey is over. */
  CONSENT_REFUSED: { status: 400 },
  NO_PASSENGER: { status: 400 },
  MISSING_PHONE: { status: 400, field: 'mobilePhoneNumber' },
  PHONE_NOT_INTERNATIONAL: { status: 400, field: 'mobilePhoneNumber' },
  INVALID_PASSWORD: { status: 400, field: 'password' },
  INVALID_ROLES: { status: 400 },
  PROPOSITION_INVALID: { status: 400 },
  INVALID_PRODUCTS: { status: 400 },
  INVALID_CODE: { status: 400, field: 'code' },
  TOO_MANY_ATTEMPTS: { status: 400 },
  EXPIRED_CODE: { status: 400, field: 'code' },
  /** A reset link already used, or another link sent to the same user was. */
  RESET_LINK_USED: { status: 400, field: 'token' },
  SESSION_INVALID_CODE: { status: 400, field: 'code' },
  INVALID_ENTITLEMENT: { status: 400 },
  POLICY_NOT_FOUND_FOR_USER: { status: 400, field: 'policyNumber' },
  /** A webhook endpoint that is not https, where the installation runs in production. */
  WEBHOOK_URL_INSECURE: { status: 400, field: 'url' },
  /** A widget embedding origin that is not https, where the installation runs in production. */
  EMBEDDING_ORIGIN_INSECURE: { status: 400, field: 'origins' },

  // 401 — any 401 logs the user out
  MFA_SESSION_EXPIRED: { status: 401 },
  UNAUTHORISED: { status: 401 },
  API_KEY_INVALID: { status: 401 },
  INCORRECT_CREDENTIALS: { status: 401 },
  ACCESS_DENIED: { status: 401 },
  REQUIRES_ELEVATED_ROLE: { status: 401 },
  /** A staff account its partner's ADMIN disabled: it signs in no more, however it tries. */
  ACCOUNT_DISABLED: { status: 401 },

  // 403
  ACCOUNT_HOLDER_ONLY: { status: 403 },
  /**
   * A partner-level call (its back end's or its staff's) made with a session its role does
   * not allow: a customer's own; for invitations and the admin console, any but an ADMIN's own.
   */
  PARTNER_ONLY: { status: 403 },
  /**
   * Adding or changing a payout method from a session older than RECENT_SIGN_IN_MS: send
   * the password (or, with MFA on, the TOTP code: field `code`) with the request.
   */
  RECENT_SIGN_IN_REQUIRED: { status: 403, field: 'password' },
  FLIGHT_NOT_PERMITTED: { status: 403 },
  /** The partner keeps adding passengers to employees or to some roles (partner config). */
  PASSENGER_NOT_PERMITTED: { status: 403 },
  BAG_RESOLUTION_PENDING: { status: 403 },
  /** A signed download link that expired, was altered, or names another user. */
  DOCUMENT_LINK_INVALID: { status: 403 },
  ORIGIN_NOT_ALLOWED: { status: 403 },
  /** A card-entry frame's address that expired, was used, or was made for another user. */
  CARD_FRAME_INVALID: { status: 403 },

  // 404
  ROUTE_NOT_FOUND: { status: 404 },
  TRIP_NOT_FOUND: { status: 404 },
  PASSENGER_NOT_FOUND: { status: 404 },
  FLIGHT_NOT_FOUND: { status: 404 },
  ALERT_NOT_FOUND: { status: 404 },
  ITEM_NOT_FOUND: { status: 404 },
  CONSENT_NOT_FOUND: { status: 404 },
  RESOLUTION_NOT_FOUND: { status: 404 },
  BOOKING_NOT_FOUND: { status: 404 },
  LOUNGE_NOT_FOUND: { status: 404 },
  PAYOUT_NOT_FOUND: { status: 404 },
  LINK_NOT_FOUND: { status: 404 },
  USER_NOT_FOUND: { status: 404 },
  ACCOUNT_NOT_FOUND: { status: 404 },
  PARTNER_NOT_FOUND: { status: 404 },
  THEME_NOT_FOUND: { status: 404 },
  PRODUCT_NOT_FOUND: { status: 404 },
  CODE_NOT_FOUND: { status: 404 },
  PAYMENT_METHOD_NOT_FOUND: { status: 404 },
  PROPOSITION_NOT_FOUND: { status: 404 },
  POLICY_NOT_FOUND: { status: 404, field: 'policyNumber' },
  BAG_NOT_FOUND: { status: 404 },
  DOCUMENT_NOT_FOUND: { status: 404 },
  BUNDLE_NOT_FOUND: { status: 404 },
  SESSION_NOT_FOUND: { status: 404 },
  FLIGHT_SCHEDULE_NOT_FOUND: { status: 404, field: 'flightNumber' },
  WEBHOOK_NOT_FOUND: { status: 404 },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404 },

  // 409
  LINK_ALREADY_USED: { status: 409 },
  DUPLICATE_FLIGHT: { status: 409 },
  FLIGHT_ALREADY_BOOKED: { status: 409 },
  FLIGHT_ALERTED_OR_DEPARTED: { status: 409 },
  ACCOUNT_CREATION_FAILED: { status: 409 },
  EMAIL_ALREADY_USED: { status: 409, field: 'emailAddress' },
  SUBSCRIPTION_FULL: { status: 409 },
  /** The card vault's token is unknown, expired, already saved, or another user's. */
  CARD_TOKEN_INVALID: { status: 400, field: 'token' },
  /** The partner does not issue this card, or the alert is not about a card. */
  CARD_REPLACEMENT_UNAVAILABLE: { status: 409 },
  FLIGHT_OUT_OF_DATE_RANGE: { status: 409, field: 'embarkDate' },
  DUPLICATE_ENTRY: { status: 409 },
  NO_LOUNGES_AVAILABLE: { status: 409 },
  NO_HOTELS_AVAILABLE: { status: 409 },
  MAX_TRIPS_EXCEEDED: { status: 409 },
  INVALID_FLIGHT_NUMBER: { status: 409, field: 'flightNumber' },
  INVALID_DATE: { status: 409, field: 'embarkDate' },
  FLIGHT_TOO_SOON: { status: 409, field: 'embarkDate' },
  NO_DEFAULT_PASSENGER: { status: 409 },
  NO_ALTERNATE_FLIGHTS: { status: 409 },
  NO_TRIPS_FOR_FLIGHT: { status: 409 },
  ALREADY_EXISTS: { status: 409 },
  /** The same bag tag reported twice for one flight. */
  BAG_ALREADY_REPORTED: { status: 409, field: 'tagNumber' },
  /** A report takes one image (spec 2 §7: a single document). */
  DOCUMENT_ALREADY_ATTACHED: { status: 409 },
  /** A file still being scanned for viruses: served once it is clean. */
  DOCUMENT_NOT_READY: { status: 409 },
  /** A bag's details once tracing has ended, or a status move tracing does not allow. */
  INVALID_BAG_STATUS: { status: 409 },
  INVALID_RESOLUTION_TYPE: { status: 409 },
  /** A move the resolution status machine (spec 2 §4.7) does not allow from where it is. */
  INVALID_RESOLUTION_STATUS: { status: 409 },
  NO_FLIGHT_FOR_DATE: { status: 409, field: 'embarkDate' },
  INVALID_PASSENGER: { status: 409 },
  DUPLICATE_PASSENGER: { status: 409 },
  CLAIMS_EXCEEDED: { status: 409 },
  /** A claim change its step does not allow (a dataset out of its step, a payout not due). */
  CLAIM_STEP_INVALID: { status: 409 },
  TERMS_OUTDATED: { status: 409, field: 'termsVersion' },
  /** A payment that has not failed, was resent already, or was paid by another payment. */
  PAYMENT_NOT_RESENDABLE: { status: 409 },
  /** A partner's webhook endpoints are at MAX_WEBHOOK_ENDPOINTS already. */
  WEBHOOK_LIMIT_REACHED: { status: 409 },
  /** A replay of a delivery whose attempts have not ended yet. */
  WEBHOOK_DELIVERY_PENDING: { status: 409 },
  /** A replay to an endpoint that is disabled or deleted. */
  WEBHOOK_ENDPOINT_DISABLED: { status: 409 },
  /** An ADMIN disabling their own account (another ADMIN may). */
  CANNOT_DISABLE_SELF: { status: 409 },
  /** Disabling the partner's last active ADMIN: nobody would be left to manage its staff. */
  LAST_ACTIVE_ADMIN: { status: 409 },

  // 422 — payments: fields flagged invalid (details carry the field names)
  PAYMENT_FIELDS_INVALID: { status: 422 },

  // 429
  RATE_LIMITED: { status: 429 },
  /**
   * Password sign-in to this account is paused: too many wrong passwords from many addresses
   * (an unknown email alike). A one-time code or a password reset still signs the owner in.
   */
  ACCOUNT_LOCKED: { status: 429 },

  // 5xx — bodies never carry stack or SQL
  AUTHORIZATION_FAILED: { status: 500 },
  PAYOUT_SERVICE_ERROR: { status: 500 },
  NO_RESOLUTION_HANDLER: { status: 500 },
  CONFIG_ERROR: { status: 500 },
  VENDOR_ERROR: { status: 500 },
  INTERNAL_ERROR: { status: 500 },
  SERVICE_UNAVAILABLE: { status: 503 },
} as const satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof errorCatalogue;
export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export { errorKey } from './error-key.ts';

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(errorCatalogue, code);

/** The body of every failed API response. */
export const apiErrorSchema = z
  .object({
    code: z.string(),
    status: z.number().int(),
    message: z.string(),
    field: z.string().optional(),
    /** Per-field problems when a whole payload fails validation. */
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The one error type thrown by services and understood by the API's error handler. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly details: ApiError['details'];
  /** For 429s: when the caller may try again, sent as the `Retry-After` header. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      field?: string;
      details?: ApiError['details'];
      retryAfterSeconds?: number;
      cause?: unknown;
    } = {},
  ) {
    super(options.message ?? code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    const entry: Entry = errorCatalogue[code];
    this.status = entry.status;
    this.field = options.field ?? (entry.field || undefined);
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  toBody(): ApiError {
    return {
      code: this.code,
      status: this.status,
      message: this.message,
      ...(this.field ? { field: this.field } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }
}
