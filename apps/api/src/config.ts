import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { partnerIdSchema } from '@tern/domain';
import { KEY_BYTES, parseKey } from './lib/encryption.ts';

/**
 * Configuration from the environment, parsed once at boot. A bad value stops the process
 * with a message naming the variable, rather than failing later in some request.
 */
/** Where Tern listens unless PORT says otherwise (and the demo portals' port). */
export const DEFAULT_PORT = 3000;

/** Relative paths are taken from where the command was typed (see DATA_DIR). */
const fromTypedDir = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

/**
 * A PEM value: the PEM text itself (with `\n` escapes, for a one-line setting), or the path
 * of a file holding it, read once at boot. The value parsed is the PEM text; an error never
 * quotes a file's contents.
 */
const pem = (marker: RegExp, expected: string) =>
  z
    .string()
    .min(1)
    .transform((value, ctx) => {
      let text: string;
      if (value.trimStart().startsWith('-----BEGIN')) text = value.replace(/\\n/g, '\n');
      else
        try {
          text = readFileSync(fromTypedDir(value), 'utf8');
        } catch {
          ctx.addIssue({
            code: 'custom',
            message: `no file to read there, nor PEM text: ${expected}`,
          });
          return z.NEVER;
        }
      if (marker.test(text)) return text;
      ctx.addIssue({ code: 'custom', message: `not ${expected}` });
      return z.NEVER;
    });
const CERTIFICATE = [
  /-----BEGIN CERTIFICATE-----/,
  'a PEM certificate (BEGIN CERTIFICATE)',
] as const;
const PRIVATE_KEY = [
  /-----BEGIN (RSA |ENCRYPTED )?PRIVATE KEY-----/,
  'a PEM private key (BEGIN PRIVATE KEY, RSA PRIVATE KEY or ENCRYPTED PRIVATE KEY)',
] as const;

/**
 * The Apple Wallet signing settings: all of them or none. Without them lounge passes offer no
 * wallet file; with only some, the process does not start.
 */
export const WALLET_SETTINGS = [
  'WALLET_PASS_TYPE_ID',
  'WALLET_TEAM_ID',
  'WALLET_SIGNER_CERT',
  'WALLET_SIGNER_KEY',
  'WALLET_WWDR_CERT',
] as const;

/** Settings whose values no error shows (a key given inline, its passphrase). */
const SECRET_SETTINGS = new Set([
  'WALLET_SIGNER_KEY',
  'WALLET_SIGNER_KEY_PASSPHRASE',
  'S3_SECRET_ACCESS_KEY',
  'ENCRYPTION_KEY',
  'FINGERPRINT_KEY',
  'HIBP_API_KEY',
]);

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // localhost listens on both 127.0.0.1 and ::1, where browsers resolve *.localhost.
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
  /** A PostgreSQL server; without it Tern runs its embedded server, its cluster under DATA_DIR/pg. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Relative paths are taken from where the command was typed (npm's INIT_CWD), not from the
   * workspace folder npm runs scripts in; the default is `.data/` at the repository root.
   */
  DATA_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../../.data', import.meta.url)))
    .transform(fromTypedDir),
  /** The partner served on hosts no partner claims (plain localhost, unknown domains). */
  DEFAULT_PARTNER_ID: partnerIdSchema.default('travel'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Request bodies above this many bytes answer 413. */
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  /**
   * Requests per minute per client address on the API, per instance: a guard of capacity
   * (stricter limits per route, in the database). The portal's files and /healthz are free.
   */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  /** The built web app; when the folder is missing the API runs without it. */
  WEB_DIST: z.string().default(new URL('../../web/dist', import.meta.url).pathname),
  /**
   * The web app's server entry (built beside it): the landing page goes out rendered. When the
   * file is missing (or fails) the page goes out as built, and the browser renders it.
   */
  WEB_SERVER_ENTRY: z
    .string()
    .default(new URL('../../web/dist-server/entry-server.js', import.meta.url).pathname),
  /**
   * The demo world (partners, users, policies, content) with its published passwords, keys
   * and secrets: on by default outside production, refused in production.
   */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /**
   * The simulated world's clock: the time the app works by is the machine's plus an offset
   * the operator moves (`npm run sim -- clock advance 25h`), shared by every instance through
   * the database. For demos and journeys; refused in production.
   */
  SIM_CLOCK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Work background jobs in this process (the default). Off for API instances when separate
   * workers run (`npm run worker`).
   */
  RUN_JOBS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * 32 random bytes, base64 (`openssl rand -base64 32`): encrypts TOTP and partner secrets.
   * Required in production; elsewhere a key file under DATA_DIR is made on first use.
   */
  ENCRYPTION_KEY: z
    .string()
    .refine((v) => parseKey(v) !== null, `${KEY_BYTES} bytes, base64`)
    .optional(),
  /**
   * 32 random bytes, base64: the key of the keyed hashes (HMAC-SHA256) monitored identifiers are
   * matched by. Without it the key is derived from the encryption key (HKDF, a label of its
   * own); set it in production so that the encryption key alone cannot confirm a guessed
   * identifier. Changing it makes every monitored item unmatchable.
   */
  FINGERPRINT_KEY: z
    .string()
    .refine((v) => parseKey(v) !== null, `${KEY_BYTES} bytes, base64`)
    .optional(),
  /**
   * Where the card vault's card-entry frame is served: its own origin, so the portal's scripts
   * cannot read what is typed in it. Default: the vault.localhost host on PORT.
   */
  CARD_VAULT_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The breach source: `simulator` (the default: the embedded corpus the operator plants
   * matches in) or `hibp` (Have I Been Pwned API v3, for email addresses; needs HIBP_API_KEY).
   */
  BREACH_PROVIDER: z.enum(['simulator', 'hibp']).default('simulator'),
  HIBP_API_KEY: z.string().min(1).optional(),
  HIBP_URL: z
    .url({ protocol: /^https?$/, error: 'an https:// URL (http:// outside production)' })
    .default('https://haveibeenpwned.com/api/v3'),
  /**
   * Requests per minute per address on each sign-in, code, registration and reset route,
   * counted in PostgreSQL: shared by every instance, kept across restarts.
   */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  /**
   * Multiplies the allowance of each abuse class (sending messages, creating accounts, moving
   * money, taking files: `ABUSE_LIMITS`), counted in PostgreSQL per user, partner or address.
   * Above 1 for scripted loads and the journeys, which call from one address as a few users.
   */
  ABUSE_LIMIT_SCALE: z.coerce.number().positive().max(1_000_000).default(1),
  /**
   * Which proxies' X-Forwarded-For to believe for the client address: `false` (the default:
   * none, the address is the connection's), `true` (any: only behind a proxy that always
   * sets it), a number of hops, or a comma-separated list of proxy addresses or CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): boolean | number | string[] => {
      if (value === 'false') return false;
      if (value === 'true') return true;
      if (/^\d+$/.test(value)) return Number(value);
      const list = value.split(',').map((part) => part.trim());
      if (list.every((part) => isIP(part.split('/')[0]!) !== 0 && /^[^/]+(\/\d{1,3})?$/.test(part)))
        return list;
      ctx.addIssue({
        code: 'custom',
        message: 'false, true, a number of hops, or addresses/CIDR ranges separated by commas',
      });
      return z.NEVER;
    }),
  /**
   * Email goes out through this SMTP server (`smtp://user:pass@host:587`, STARTTLS when the
   * server offers it; `smtps://…:465`, TLS from the start). Without it emails stay in the outbox.
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'an smtp:// or smtps:// URL' }).optional(),
  /** The sender address of every email (the From name is the partner's); needed with SMTP_URL. */
  MAIL_FROM: z.email().optional(),
  /**
   * SMS go out through a Twilio-compatible Messages endpoint, credentials as user and password:
   * `https://SID:TOKEN@api.twilio.com/2010-04-01/Accounts/SID/Messages.json`. Without it SMS
   * stay in the outbox.
   */
  SMS_URL: z
    .url({ protocol: /^https?$/, error: 'an https:// URL (http:// outside production)' })
    .optional(),
  /**
   * The simulated payout provider clears a transfer (settled, or failed for a closed
   * account) this many milliseconds after accepting it.
   */
  PAYOUT_SIM_SETTLE_MS: z.coerce.number().int().min(0).default(8000),
  /** How often a sent payment's status is asked of the payout provider until it clears. */
  PAYOUT_POLL_MS: z.coerce.number().int().min(0).default(3000),
  /**
   * The share of flights the simulated airline delays or cancels by itself (announced three
   * hours before departure); 0 leaves only the operator's (`npm run sim`).
   */
  FLIGHT_SIM_DISRUPTION_RATE: z.coerce.number().min(0).max(1).default(0.02),
  /**
   * Days after a lost bag's report when the simulated tracing system deems a bag not delivered
   * lost (the Montreal Convention deems checked baggage lost after 21 days).
   */
  BAG_TRACING_LOST_AFTER_DAYS: z.coerce.number().int().min(1).max(365).default(21),
  /**
   * Where flight schedules and statuses come from: the embedded simulator (the default), or
   * AeroDataBox, a public flight-status API (needs AERODATABOX_API_KEY).
   */
  FLIGHTS_PROVIDER: z.enum(['simulator', 'aerodatabox']).default('simulator'),
  /** AeroDataBox's address: RapidAPI's host, or another serving the same API. */
  AERODATABOX_URL: z
    .url({ protocol: /^https?$/, error: 'an https:// URL (http:// outside production)' })
    .default('https://aerodatabox.p.rapidapi.com'),
  /**
   * The AeroDataBox subscription's key, sent as X-RapidAPI-Key (never logged); needed with
   * FLIGHTS_PROVIDER=aerodatabox.
   */
  AERODATABOX_API_KEY: z.string().min(1).optional(),
  /** The E.164 number SMS are sent from; needed with SMS_URL. */
  SMS_FROM: z
    .string()
    .regex(/^\+[1-9]\d{1,14}$/, 'an E.164 number, like +14165550100')
    .optional(),
  /**
   * Apple Wallet lounge passes (`resolutions.walletPass`), signed with a Pass Type ID
   * certificate of an Apple developer account: all of WALLET_SETTINGS or none. The pass type
   * identifier the certificate was made for, like `pass.com.example.lounge`.
   */
  WALLET_PASS_TYPE_ID: z
    .string()
    .regex(/^pass(\.[A-Za-z0-9-]+)+$/, 'a pass type identifier, like pass.com.example.lounge')
    .optional(),
  /** The Apple developer team of the certificate: ten letters and digits. */
  WALLET_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'ten capital letters and digits, like A1B2C3D4E5')
    .optional(),
  /** The Pass Type ID certificate: PEM text, or the path of a PEM file. */
  WALLET_SIGNER_CERT: pem(...CERTIFICATE).optional(),
  /** Its RSA private key (never logged): PEM text, or the path of a PEM file. */
  WALLET_SIGNER_KEY: pem(...PRIVATE_KEY).optional(),
  /** The passphrase of an encrypted WALLET_SIGNER_KEY (never logged). */
  WALLET_SIGNER_KEY_PASSPHRASE: z.string().min(1).optional(),
  /**
   * Apple's WWDR intermediate certificate the signer certificate was issued under (G4 for
   * new certificates): PEM text, or the path of a PEM file.
   */
  WALLET_WWDR_CERT: pem(...CERTIFICATE).optional(),
  /**
   * Where uploaded documents' bytes are kept: `disk` (the default: DATA_DIR/documents) or
   * `s3`, an S3-compatible bucket (needs S3_BUCKET).
   */
  STORAGE_PROVIDER: z.enum(['disk', 's3']).default('disk'),
  /** The bucket of STORAGE_PROVIDER=s3. */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'a bucket name: 3-63 lower-case letters, digits, dots, hyphens',
    )
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible server's address (MinIO, Ceph, R2…); AWS's own when unset. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'an https:// URL (http:// outside production)' })
    .optional(),
  /** `true` for servers that address buckets in the path (most S3-compatible ones). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** The bucket's access key; with S3_SECRET_ACCESS_KEY, or neither (the SDK's own chain). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  /** Its secret (never logged). */
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /**
   * What scans uploads for malware: the `simulator` (the default: it flags the EICAR test
   * file, and nothing else) or `clamd`, a ClamAV daemon at CLAMD_URL.
   */
  SCANNER_PROVIDER: z.enum(['simulator', 'clamd']).default('simulator'),
  /** clamd's socket: `tcp://host:3310` or `unix:///run/clamav/clamd.ctl`. */
  CLAMD_URL: z
    .string()
    .regex(
      /^(tcp:\/\/[^/:\s]+:\d{1,5}|unix:\/\/\/\S+)$/,
      'tcp://host:port or unix:///path/to/socket',
    )
    .optional(),
});

/** A private key as Node reads it, or undefined when the passphrase does not open it. */
function readKey(key: string, passphrase: string | undefined): KeyObject | undefined {
  try {
    return createPrivateKey({ key, ...(passphrase ? { passphrase } : {}) });
  } catch {
    return undefined;
  }
}

/**
 * The wallet settings are all given or none; given, the key must open and belong to the
 * signer certificate, so a mistake stops the boot rather than every download.
 */
function checkWallet(config: z.infer<typeof configSchema>, ctx: z.RefinementCtx) {
  const given = [...WALLET_SETTINGS, 'WALLET_SIGNER_KEY_PASSPHRASE' as const].filter(
    (name) => config[name] !== undefined,
  );
  if (given.length === 0) return;
  const missing = WALLET_SETTINGS.filter((name) => config[name] === undefined);
  for (const name of missing)
    ctx.addIssue({
      code: 'custom',
      path: [name],
      message: `required with ${given.join(', ')}: the wallet signing settings go together (${WALLET_SETTINGS.join(', ')})`,
    });
  const { WALLET_SIGNER_CERT: cert, WALLET_SIGNER_KEY: key, WALLET_WWDR_CERT: wwdr } = config;
  if (missing.length > 0 || !cert || !key || !wwdr) return;
  const certificate = (value: string, path: string) => {
    try {
      return new X509Certificate(value);
    } catch {
      ctx.addIssue({ code: 'custom', path: [path], message: 'not a readable certificate' });
      return undefined;
    }
  };
  const signer = certificate(cert, 'WALLET_SIGNER_CERT');
  certificate(wwdr, 'WALLET_WWDR_CERT');
  const privateKey = readKey(key, config.WALLET_SIGNER_KEY_PASSPHRASE);
  if (privateKey?.asymmetricKeyType !== 'rsa')
    ctx.addIssue({
      code: 'custom',
      path: ['WALLET_SIGNER_KEY'],
      message: privateKey
        ? 'must be an RSA key (as Apple issues them)'
        : 'cannot be read: not a private key, or WALLET_SIGNER_KEY_PASSPHRASE does not open it',
    });
  else if (signer && !signer.checkPrivateKey(privateKey))
    ctx.addIssue({
      code: 'custom',
      path: ['WALLET_SIGNER_KEY'],
      message: 'is not the key of WALLET_SIGNER_CERT',
    });
}

/** The bucket's settings go together; clamd needs its socket. */
function checkDocumentStores(config: z.infer<typeof configSchema>, ctx: z.RefinementCtx) {
  if (config.STORAGE_PROVIDER === 's3' && !config.S3_BUCKET)
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'required with STORAGE_PROVIDER=s3: the bucket documents are kept in',
    });
  if (!config.S3_ACCESS_KEY_ID !== !config.S3_SECRET_ACCESS_KEY)
    ctx.addIssue({
      code: 'custom',
      path: [config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message:
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither: the SDK finds its own)',
    });
  if (config.NODE_ENV === 'production' && config.S3_ENDPOINT?.startsWith('http:'))
    ctx.addIssue({
      code: 'custom',
      path: ['S3_ENDPOINT'],
      message: 'must be https in production: documents and credentials travel to it',
    });
  if (config.SCANNER_PROVIDER === 'clamd' && !config.CLAMD_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['CLAMD_URL'],
      message:
        'required with SCANNER_PROVIDER=clamd: tcp://host:3310 or unix:///run/clamav/clamd.ctl',
    });
}

const checkedConfigSchema = configSchema.superRefine((config, ctx) => {
  checkWallet(config, ctx);
  if (config.NODE_ENV === 'production' && !config.ENCRYPTION_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['ENCRYPTION_KEY'],
      message:
        'required in production: 32 random bytes, base64 (make one with `openssl rand -base64 32`); losing it makes stored MFA and partner secrets unreadable',
    });
  if (config.BREACH_PROVIDER === 'hibp' && !config.HIBP_API_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['HIBP_API_KEY'],
      message: 'required with BREACH_PROVIDER=hibp: the hibp-api-key of your subscription',
    });
  if (config.SMTP_URL && !config.MAIL_FROM)
    ctx.addIssue({
      code: 'custom',
      path: ['MAIL_FROM'],
      message:
        'required with SMTP_URL: the sender address of every email, like notifications@tern.example',
    });
  if (config.SMS_URL && !config.SMS_FROM)
    ctx.addIssue({
      code: 'custom',
      path: ['SMS_FROM'],
      message: 'required with SMS_URL: the E.164 number SMS are sent from, like +14165550100',
    });
  if (config.FLIGHTS_PROVIDER === 'aerodatabox' && !config.AERODATABOX_API_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['AERODATABOX_API_KEY'],
      message:
        'required with FLIGHTS_PROVIDER=aerodatabox: the API key of an AeroDataBox subscription (RapidAPI)',
    });
  if (config.NODE_ENV === 'production' && config.SIM_CLOCK)
    ctx.addIssue({
      code: 'custom',
      path: ['SIM_CLOCK'],
      message: 'refused in production: the time would be whatever an operator set',
    });
  checkDocumentStores(config, ctx);
  if (config.NODE_ENV === 'production' && config.SEED_DEMO)
    ctx.addIssue({
      code: 'custom',
      path: ['SEED_DEMO'],
      message:
        'refused in production: the demo accounts have published passwords, API keys and SSO secrets',
    });
  // The URL carries the provider's credentials: only over TLS outside a laptop.
  if (config.NODE_ENV === 'production' && config.SMS_URL?.startsWith('http:'))
    ctx.addIssue({
      code: 'custom',
      path: ['SMS_URL'],
      message: 'must be https in production: it carries the SMS account credentials',
    });
  if (
    config.NODE_ENV === 'production' &&
    config.FLIGHTS_PROVIDER === 'aerodatabox' &&
    config.AERODATABOX_URL.startsWith('http:')
  )
    ctx.addIssue({
      code: 'custom',
      path: ['AERODATABOX_URL'],
      message: 'must be https in production: the API key goes with every request',
    });
});

/** SEED_DEMO unset means: seed outside production. */
const resolvedConfigSchema = checkedConfigSchema.transform((config) => ({
  ...config,
  SEED_DEMO: config.SEED_DEMO ?? config.NODE_ENV !== 'production',
}));

export type Config = z.infer<typeof resolvedConfigSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * A value as an error shows it: the password of a URL (SMTP_URL, SMS_URL…) is left out, a
 * secret setting is not shown at all, and PEM text only by its first line.
 */
const shown = (name: string, value: string | undefined) => {
  if (value === undefined) return value;
  if (SECRET_SETTINGS.has(name)) return '***';
  if (value.trimStart().startsWith('-----BEGIN')) return `${value.trim().split(/\\n|\r?\n/)[0]}…`;
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):[^/\s]*@/i, '$1:***@');
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = resolvedConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${issue.path.join('.')}=${JSON.stringify(shown(name, env[name]))}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** A fixed key for tests, so no test writes a key file. */
const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');
const TEST_FINGERPRINT_KEY = Buffer.alloc(32, 9).toString('base64');

/** A configuration for tests: defaults plus overrides, never read from the environment. */
export const testConfig = (overrides: Partial<Record<keyof Config, string>> = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    FINGERPRINT_KEY: TEST_FINGERPRINT_KEY,
    // Payments clear as soon as they are sent, so a test waits for jobs, not for time.
    PAYOUT_SIM_SETTLE_MS: '0',
    PAYOUT_POLL_MS: '0',
    // No flight is disrupted unless a test says so.
    FLIGHT_SIM_DISRUPTION_RATE: '0',
    ...overrides,
  });
