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
    .transform((dir) => resolve(process.env.INIT_CWD ?? process.cwd(), dir)),
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
   * The demo world (partners, users, policies, content) with its published passwords, keys
   * and secrets: on by default outside production, refused in production.
   */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
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
   * Requests per minute per address on each sign-in, code, registration and reset route,
   * counted in PostgreSQL: shared by every instance, kept across restarts.
   */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
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
});

const checkedConfigSchema = configSchema.superRefine((config, ctx) => {
  if (config.NODE_ENV === 'production' && !config.ENCRYPTION_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['ENCRYPTION_KEY'],
      message:
        'required in production: 32 random bytes, base64 (make one with `openssl rand -base64 32`); losing it makes stored MFA and partner secrets unreadable',
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

/** A value as an error shows it: the password of a URL (SMTP_URL, SMS_URL…) is left out. */
const shown = (value: string | undefined) =>
  value?.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):[^/\s]*@/i, '$1:***@');

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = resolvedConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `  ${issue.path.join('.')}=${JSON.stringify(shown(env[String(issue.path[0])]))}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** A fixed key for tests, so no test writes a key file. */
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/** A configuration for tests: defaults plus overrides, never read from the environment. */
export const testConfig = (overrides: Partial<Record<keyof Config, string>> = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    // Payments clear as soon as they are sent, so a test waits for jobs, not for time.
    PAYOUT_SIM_SETTLE_MS: '0',
    PAYOUT_POLL_MS: '0',
    // No flight is disrupted unless a test says so.
    FLIGHT_SIM_DISRUPTION_RATE: '0',
    ...overrides,
  });
