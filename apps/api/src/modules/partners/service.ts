import {
  API_ROOT,
  AppError,
  BUILD_NUMBER,
  RELEASE,
  baselineBranding,
  partnerConfigSchema,
  type ClientRecord,
  type PartnerConfigOverrides,
  type RuntimeConfig,
  type ThemeConfig,
} from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/secrets.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';
import { toClientRecord, toThemeConfig } from './mappers.ts';
import type { PartnerRow, PartnersRepo } from './repo.ts';

const BASELINE_THEME = 'baseline';
const CACHE_TTL_MS = 30_000;

/** Hostname of an origin (`http://travel.localhost:3000`) or of a bare host (`travel.localhost`). */
function hostnameOf(domainOrOrigin: string): string {
  const value = domainOrOrigin.trim().toLowerCase();
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname;
  } catch {
    return value;
  }
}

/**
 * Where a partner's portal is, for links in messages (reset links, sign-in links): its first
 * configured origin, never the request's Host header, which the sender of a request chooses.
 */
export function portalOrigin(partner: PartnerRow): string {
  const origin = partner.origins[0];
  if (!origin)
    throw new AppError('CONFIG_ERROR', {
      message: `Partner ${partner.id} has no portal origin configured`,
    });
  return origin;
}

export function partnersService(deps: {
  repo: PartnersRepo;
  clock: Clock;
  defaultPartnerId: string;
}) {
  const { repo, clock, defaultPartnerId } = deps;
  const byKey = ttlCache<PartnerRow | undefined>(clock, CACHE_TTL_MS);
  const byHost = ttlCache<PartnerRow | undefined>(clock, CACHE_TTL_MS);
  const origins = ttlCache<Set<string>>(clock, CACHE_TTL_MS, 1);
  const themes = ttlCache<ThemeConfig>(clock, CACHE_TTL_MS);

  /** The partner whose portal a host serves; unknown hosts get the default partner. */
  async function partnerForHost(domainOrOrigin: string): Promise<PartnerRow> {
    // Kept by what the caller sent: a URL is parsed only on a miss, not on every read.
    const found = await byHost.get(domainOrOrigin, async () => {
      const hostname = hostnameOf(domainOrOrigin);
      return (await repo.findByHostname(hostname)) ?? repo.findById(defaultPartnerId);
    });
    if (!found)
      throw new AppError('PARTNER_NOT_FOUND', {
        message: `Default partner ${defaultPartnerId} is missing`,
      });
    return found;
  }

  return {
    /** The partner an `api-key` header belongs to; every /api/v1 call needs one. */
    async authenticateApiKey(key: string | undefined): Promise<PartnerRow> {
      if (!key) throw new AppError('API_KEY_INVALID', { message: 'The api-key header is missing' });
      const partner = await byKey.get(key, () => repo.findByApiKey(key));
      if (!partner)
        throw new AppError('API_KEY_INVALID', { message: 'The api-key header is not a known key' });
      return partner;
    },

    partnerForHost,

    async clientRecord(domain: string): Promise<ClientRecord> {
      return toClientRecord(await partnerForHost(domain));
    },

    /** A partner's theme, or the baseline theme for a name no partner has. */
    async themeConfig(theme: string): Promise<ThemeConfig> {
      return themes.get(theme, async () => {
        const partner = await repo.findById(theme);
        if (partner) return toThemeConfig(partner);
        return {
          theme: BASELINE_THEME,
          branding: baselineBranding,
          config: partnerConfigSchema.parse({}),
        };
      });
    },

    async runtimeConfig(host: string): Promise<RuntimeConfig> {
      const partner = await partnerForHost(host);
      const apiKey = await repo.firstActiveApiKey(partner.id);
      if (!apiKey)
        throw new AppError('CONFIG_ERROR', {
          message: `Partner ${partner.id} has no active API key`,
        });
      return {
        apiRoot: API_ROOT,
        apiKey,
        partnerId: partner.id,
        theme: partner.id,
        buildNumber: BUILD_NUMBER,
        release: RELEASE,
      };
    },

    /**
     * CORS: browsers may call the API only from the partners' own origins, exactly (scheme,
     * host and port): another port or plain HTTP on a partner's host is another site.
     */
    async isAllowedOrigin(origin: string): Promise<boolean> {
      const known = await origins.get('all', async () => new Set(await repo.allOrigins()));
      return known.has(origin.toLowerCase());
    },

    /** A partner by its id (jobs carry the id, not the row). */
    byId: (id: string) => repo.findById(id),

    /** A partner back end's server secret by the `kid` its tokens name (SSO, ADR 0003). */
    secretByKid: (kid: string) => repo.findSecretByKid(kid),

    /**
     * Whether a bearer token is one of the partner's live server secrets: its back end calling
     * the partner-level endpoints (`access: 'partner'`).
     */
    isServerSecret: (partnerId: string, token: string) =>
      repo.hasLiveSecret(partnerId, sha256(token)),

    /**
     * Sets some keys of one section of a partner's configuration overrides (an ADMIN's console).
     * This process forgets its cached partners at once; other instances read the change within
     * their cache time (CACHE_TTL_MS).
     */
    async overrideConfig<S extends keyof PartnerConfigOverrides>(
      partnerId: string,
      section: S,
      values: NonNullable<PartnerConfigOverrides[S]> & object,
    ): Promise<PartnerRow> {
      const row = await repo.mergeConfigSection(partnerId, section, values);
      if (!row)
        throw new AppError('PARTNER_NOT_FOUND', { message: `Partner ${partnerId} is missing` });
      byKey.clear();
      byHost.clear();
      themes.clear();
      return row;
    },

    async asset(theme: string, name: string) {
      return repo.findAsset(theme, name);
    },

    clearCaches() {
      byKey.clear();
      byHost.clear();
      origins.clear();
      themes.clear();
    },
  };
}

export type PartnersService = ReturnType<typeof partnersService>;
