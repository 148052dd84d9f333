/** Business constants of spec 1 §9 and spec 2 §9 — the only place they are written. */
const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

// ── Platform ────────────────────────────────────────────────────────────────────────────
export const API_ROOT = '/api/v1';
export const RELEASE = 'Version-1.211';
export const BUILD_NUMBER = '919';
export const DEFAULT_LOCALE = 'en-CA';
export const PRODUCT_TYPE = 'travel';
export const LOGIN_TYPE = 'STANDARD';
/** Interface languages (spec 1 §1). */
export const LANGUAGES = ['en', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Country-name lists cover more languages than the interface (spec 1 §1). */
export const COUNTRY_NAME_LANGUAGES = ['EN', 'ES', 'FR', 'DE', 'IT', 'PT', 'TR'] as const;
/** Translation files exist for more languages than the interface offers (spec 2 §9). */
export const TRANSLATION_LANGUAGES = [
  'en',
  'fr',
  'es',
  'zh',
  'pt',
  'de',
  'it',
  'mx',
  'tr',
] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];
/**
 * English accented and lengthened, generated from the English texts (never written by hand)
 * so that text left untranslated, cut off or concatenated stands out.
 */
export const PSEUDO_LANGUAGE = 'pseudo';
/** Every language the portal's texts come in: the translations and the pseudo language. */
export type TextLanguage = TranslationLanguage | typeof PSEUDO_LANGUAGE;
/**
 * A text missing in a language is taken from its standard language (Mexican Spanish: Spanish;
 * the others: English), then from the pseudo language (spec 2 §9).
 */
export const STANDARD_LANGUAGES: Partial<Record<TranslationLanguage, TranslationLanguage>> = {
  mx: 'es',
};
/** The per-language file names translations are fetched under (spec 2 §7). */
export const TRANSLATION_FILES = {
  en: 'english',
  es: 'spanish',
  zh: 'chinese',
  fr: 'french',
  pt: 'portuguese',
  mx: 'mexican',
  de: 'german',
  it: 'italian',
  tr: 'turkish',
  pseudo: 'pseudo',
} as const satisfies Record<TextLanguage, string>;
/** The BCP 47 locale each text language writes dates, numbers and its own name in. */
export const TEXT_LANGUAGE_LOCALES = {
  en: 'en',
  es: 'es',
  zh: 'zh',
  fr: 'fr',
  pt: 'pt',
  mx: 'es-MX',
  de: 'de',
  it: 'it',
  tr: 'tr',
  // The conventional pseudo-locale (a private-use region): formats as English.
  pseudo: 'en-XA',
} as const satisfies Record<TextLanguage, string>;
export const NATIONALITIES_VERSION = 'v1';

// ── Caches, timeouts and refresh timings ───────────────────────────────────────────────
export const SESSION_TIMEOUT_MS = 60 * 60 * SECOND_MS;
/** How long a password-reset link works (the email and the forgot-password page say it). */
export const RESET_LINK_TTL_MS = 30 * 60 * SECOND_MS;
/**
 * A day for now, named apart from DAY_MS so it can change alone (`@alias` tells knip the second
 * name is meant, not a duplicate export).
 * @alias
 */
export const THEME_CACHE_MS = DAY_MS;
/**
 * A day for now, named apart from DAY_MS so it can change alone (`@alias` tells knip the second
 * name is meant, not a duplicate export).
 * @alias
 */
export const HELP_CONTENT_CACHE_MS = DAY_MS;
export const TRANSLATION_CACHE_MS = 86_400_000;
/** Resolution options are fetched again after a failed lounge or cash step. */
export const RESOLUTION_REFRESH_MS = 10 * SECOND_MS;
export const TRIP_REFRESH_AFTER_ALERT_MS = 8 * SECOND_MS;
/** After a monitored item is added the list is refreshed every 2 min, "about 3 more times". */
export const MONITORED_DATA_REFRESH_MS = 120_000;
export const MONITORED_DATA_REFRESH_TIMES = 3;
/** Pause before leaving the passenger-selection page of the complete-trip wizard. */
export const PASSENGER_SELECTION_DELAY_MS = 500;
/** A flight counts as delayed when it leaves more than this after its scheduled time. */
export const DELAY_THRESHOLD_MS = 60 * SECOND_MS;
export const COOKIE_EXPIRY_DAYS = 31;

// ── Roles and session data ─────────────────────────────────────────────────────────────
export const ROLES = ['ADMIN', 'AGENT', 'USER'] as const;
export type Role = (typeof ROLES)[number];
/** The login role is the first of these the user holds (spec 1 §4). */
export const LOGIN_ROLE_PRIORITY = ['ADMIN', 'AGENT', 'USER'] as const satisfies readonly Role[];
export const TERMS_INITIAL = 'PENDING';
/** Policy `active` value meaning active. */
export const ACTIVE_POLICY = 1;
export const DASHBOARD_CARDS = [
  'INITIAL_SCAN',
  'TRIPS',
  'SUMMARY',
  'LUGGAGE',
  'PASSENGERS',
  'PAYMENT_METHODS',
] as const;
export type DashboardCard = (typeof DASHBOARD_CARDS)[number];
/** Client datasets loaded after login (spec 1 §3, §4). */
export const DATASET_NAMES = [
  'USER_DETAILS',
  'POLICIES',
  'PAYOUT_METHODS',
  'PAYOUT_CONFIGS',
  'ITEMS',
  'ITEM_ALERTS',
  'OWL_MONITORED_DATA',
  'OWL_ALERTS',
  'PASSENGERS',
  'LUGGAGE',
  'TRIPS',
] as const;
export type DatasetName = (typeof DATASET_NAMES)[number];

// ── Form limits ────────────────────────────────────────────────────────────────────────
export const TEXT_MAX_LENGTH = 50;
export const MOBILE_MAX_LENGTH = 20;
/**
 * The longest raw value a formatted field (a date, a phone number, a flight number) is read
 * from, spaces around it included: far past any real one, and stated in the API's schemas.
 */
export const FORMATTED_INPUT_MAX = 64;
/** A partner's id: lower-case letters, digits and dashes (`partnerIdSchema`). */
export const PARTNER_ID_MAX_LENGTH = 64;
/**
 * The longest opaque token a sign-in step hands out and takes back (an MFA challenge, a
 * one-time code's session, a reset link's token): past any the API makes.
 */
export const SIGN_IN_TOKEN_MAX = 200;
/**
 * The most passengers one trip request names: past any real party, an employee's too (who is
 * exempt from a policy's `POLICY_MAX_INSURED`).
 */
export const TRIP_PASSENGERS_MAX = 200;
/**
 * An authenticator app's label for the account (`POST /platform/user/mfa/token`); the common
 * text limit for now, named apart so it can change alone.
 * @alias
 */
export const MFA_LABEL_MAX = TEXT_MAX_LENGTH;
/** What an agent types to find a customer (email or name). */
export const CUSTOMER_QUERY_MIN = 2;
export const CUSTOMER_QUERY_MAX = 100;
/** The most customers one search answers. */
export const CUSTOMER_RESULTS_MAX = 20;
/** The audit log's page: entries one request answers by default, and at most. */
export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_PAGE_MAX = 100;
/** A one-time-code identifier: an email address or a mobile number. */
export const OTC_IDENTIFIER_MIN = 3;
/** The longest email address mail systems accept (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/**
 * The longest password inputs accept and the API takes (`validation.invalid` past it, which
 * the form never shows): a bound on what each login makes argon2 hash.
 */
export const PASSWORD_MAX_LENGTH = 128;
/** After clean-up (digits and '+' only). */
export const PHONE_MIN_LENGTH = 7;
export const DATE_MIN_YEAR = 1;
export const DATE_MAX_YEAR = 9999;
/** Select lists show at most this many rows (spec 1 §2). */
export const SELECT_MAX_ROWS = 8;
/** Bank lookup: Find is enabled from this many characters. */
export const LOOKUP_MIN_CHARS = 3;

// ── Payout methods ─────────────────────────────────────────────────────────────────────
/** Input limit of every payout description, and the validation max of the claims form. */
export const PAYOUT_DESCRIPTION_MAX = 45;
/** The address form validates its description against 100 although input stops at 45. */
export const PAYOUT_ADDRESS_DESCRIPTION_MAX = 100;
export const PAYOUT_ADDRESS_FIELD_MAX = 100;
/** Select fields of the Corpay form. */
export const PAYOUT_SELECT_MAX = 45;
export const PAYOUT_VENDOR = 'service-provider';
export const PAYOUT_LEGAL_TYPE = 'BUSINESS';
/**
 * Adding or changing a payout method (where money goes) from a session older than this asks
 * for the password or the TOTP code again.
 */
export const RECENT_SIGN_IN_MS = 10 * 60 * SECOND_MS;

// ── Monitoring ─────────────────────────────────────────────────────────────────────────
export const FRIENDLY_NAME_MAX = 200;
/** The ten data types; each type's maxAllowed comes from the server. */
export const MONITORED_DATA_TYPES = [
  'BANK_ACCOUNT',
  'CARD',
  'EMAIL_ADDRESS',
  'PHONE_NUMBER',
  'NATIONAL_ID',
  'PASSPORT',
  'DRIVING_LICENCE',
  'MEDICAL_ID',
  'IBAN',
  'OTHER_CARD',
] as const;
export type MonitoredDataType = (typeof MONITORED_DATA_TYPES)[number];
/** Where a type is listed on the monitored-data page. */
export const MONITORED_DATA_CATEGORIES = ['FINANCIAL', 'CONTACT', 'IDENTITY'] as const;
export type MonitoredDataCategory = (typeof MONITORED_DATA_CATEGORIES)[number];
/**
 * Each type's section and how many items of it a subscriber may watch unless the partner's
 * configuration says otherwise (`monitoring.maxAllowed`); the server gives the maxima (spec 1 §9).
 */
export const MONITORED_TYPE_DEFAULTS: Record<
  MonitoredDataType,
  { category: MonitoredDataCategory; maxAllowed: number }
> = {
  BANK_ACCOUNT: { category: 'FINANCIAL', maxAllowed: 5 },
  CARD: { category: 'FINANCIAL', maxAllowed: 5 },
  EMAIL_ADDRESS: { category: 'CONTACT', maxAllowed: 5 },
  PHONE_NUMBER: { category: 'CONTACT', maxAllowed: 3 },
  NATIONAL_ID: { category: 'IDENTITY', maxAllowed: 1 },
  // People with two nationalities hold two passports.
  PASSPORT: { category: 'IDENTITY', maxAllowed: 2 },
  DRIVING_LICENCE: { category: 'IDENTITY', maxAllowed: 1 },
  MEDICAL_ID: { category: 'IDENTITY', maxAllowed: 1 },
  IBAN: { category: 'FINANCIAL', maxAllowed: 5 },
  OTHER_CARD: { category: 'FINANCIAL', maxAllowed: 5 },
};
/** The countries whose identifier formats and action plans the monitoring area knows. */
export const MONITORING_COUNTRIES = ['CA', 'US', 'GB', 'ES', 'FR'] as const;
export type MonitoringCountry = (typeof MONITORING_COUNTRIES)[number];
/** After an add, the monitored data is read again this often, this many more times (spec 1 §9). */
export const MONITORED_REFRESH_MS = 2 * 60 * SECOND_MS;
export const MONITORED_REFRESH_TIMES = 3;
/** How long a card-entry frame's address works once generated. */
export const CARD_FRAME_TTL_MS = 15 * 60 * SECOND_MS;
/** How long a card token from the frame waits to be saved as a monitored item. */
export const CARD_TOKEN_TTL_MS = 30 * 60 * SECOND_MS;
/** Most characters of the style sheet a portal hands the card-entry frame. */
export const CARD_FRAME_CSS_MAX = 4000;
/** Most characters of the note a subscriber adds when an alert is not theirs. */
export const ALERT_NOTE_MAX = 500;
/** Monitoring feature on by default. */
export const OWL_DEFAULT_FEATURES = ['PURCHASE'] as const;

// ── Travel ─────────────────────────────────────────────────────────────────────────────
/** The help-content document of airports the manual flight page offers (spec 2 §3). */
export const AIRPORT_LOOKUP_DOCUMENT = 'airport_lookup_list';
export const FLIGHT_NUMBER_MIN_LENGTH = 3;
export const FLIGHT_NUMBER_MAX_LENGTH = 8;
export const POLICY_NUMBER_MAX = 50;
/** How long a link invitation works by default, and at most, in days. */
export const LINK_TTL_DAYS = 14;
export const LINK_TTL_DAYS_MAX = 30;
/** A policy's product name, as the partner writes it. */
export const POLICY_PRODUCT_MAX = 80;
/** The most people one policy may cover. */
export const POLICY_MAX_INSURED = 99;
export const TRIP_TYPES = ['single', 'return', 'multi'] as const;
export type TripType = (typeof TRIP_TYPES)[number];
export const DEFAULT_TRIP_TYPE: TripType = 'single';
export const FLIGHT_DIRECTIONS = ['outbound', 'inbound'] as const;
export type FlightDirection = (typeof FLIGHT_DIRECTIONS)[number];
export const DEFAULT_FLIGHT_DIRECTION: FlightDirection = 'outbound';
/** Flights per trip type: single exactly 1, return 2, multi from 2 up to 4 (spec 2 §4.1, §5). */
export const TRIP_FLIGHTS = {
  single: { min: 1, max: 1 },
  return: { min: 2, max: 2 },
  multi: { min: 2, max: 4 },
} as const satisfies Record<TripType, { min: number; max: number }>;

// ── Dates ──────────────────────────────────────────────────────────────────────────────
/** Display formats (moment-style tokens) and the formats sent to the API. */
export const DISPLAY_DATE_FORMAT = 'Do MMMM YYYY';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
export const API_DATE_FORMAT = 'YYYY-MM-DD';
export const API_TIME_FORMAT = 'HH:mm';

// ── Parametric claims ──────────────────────────────────────────────────────────────────
export const CLAIM_DATASETS = {
  prediction: 'USER-REVENUE-PREDICTION',
  offer: 'CUSTOMER-OFFER',
  dispute: 'USER-DISPUTE',
} as const;
export const DISPUTE_DATASET = { name: 'USER-DISPUTE', access: 'USER', step: 'OFFER' } as const;
/** 25 MB per disagreement file. */
export const FILE_MAX_BYTES = 26_214_400;
export const FILES_PER_PERIOD = 5;
export const NOTES_MAX = 1000;
export const NOTES_ROWS = 5;
export const CLAIM_PROGRESS_STEPS = 3;
/** Whole months offered after an alert, plus one partial month. */
export const ALERT_MONTHS_OFFERED = 6;
export const MONEY_DECIMALS = 2;
/** An open-banking consent lasts this long from its grant or its last reconfirmation (UK AIS). */
export const BANKING_CONSENT_DAYS = 90;
/** The portal asks for reconfirmation this many days before a consent lapses. */
export const BANKING_RECONFIRM_DAYS = 14;
/** The months of revenue history the bank supplies once connected. */
export const BANKING_HISTORY_MONTHS = 24;
/** A signed upload URL (`documents/stream-url`) is good this long, and once. */
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
/** Retention and applicable limit are shown without decimals. */
export const MONEY_DECIMALS_WHOLE = 0;
