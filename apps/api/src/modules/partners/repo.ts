import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { partnerApiKeys, partnerAssets, partnerSecrets, partners } from './tables.ts';

export type PartnerRow = typeof partners.$inferSelect;

/** `HTTPS://Portal.Example:443/` → `https://portal.example`: an origin as browsers write it. */
const originOf = (url: string): string => new URL(url).origin;
export type NewPartner = typeof partners.$inferInsert;

/** SQL for partners, their keys, secrets and theme images. */
export function partnersRepo(db: Db) {
  return {
    async findById(id: string): Promise<PartnerRow | undefined> {
      const [row] = await db.select().from(partners).where(eq(partners.id, id));
      return row;
    },

    /** The partner one of whose origins has this hostname (any scheme or port). */
    async findByHostname(hostname: string): Promise<PartnerRow | undefined> {
      const [row] = await db
        .select()
        .from(partners)
        .where(
          sql`exists (select 1 from unnest(${partners.origins}) as o
                      where substring(o from '^[a-z]+://([^:/]+)') = ${hostname})`,
        )
        .limit(1);
      return row;
    },

    async findByApiKey(key: string): Promise<PartnerRow | undefined> {
      const [row] = await db
        .select({ partner: partners })
        .from(partnerApiKeys)
        .innerJoin(partners, eq(partners.id, partnerApiKeys.partnerId))
        .where(and(eq(partnerApiKeys.key, key), isNull(partnerApiKeys.revokedAt)));
      return row?.partner;
    },

    async list(): Promise<PartnerRow[]> {
      return db.select().from(partners).orderBy(partners.id);
    },

    async allOrigins(): Promise<string[]> {
      const rows = await db.select({ origins: partners.origins }).from(partners);
      return rows.flatMap((r) => r.origins);
    },

    async firstActiveApiKey(partnerId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ key: partnerApiKeys.key })
        .from(partnerApiKeys)
        .where(and(eq(partnerApiKeys.partnerId, partnerId), isNull(partnerApiKeys.revokedAt)))
        .orderBy(partnerApiKeys.createdAt)
        .limit(1);
      return row?.key;
    },

    /** Insert or update a partner by id (seeding and partner administration). */
    async upsert(partner: NewPartner): Promise<void> {
      // Origins are kept as the browser sends them (`Origin`): lower case, no default port.
      const origins = (partner.origins ?? []).map(originOf);
      await db
        .insert(partners)
        .values({ ...partner, origins })
        .onConflictDoUpdate({
          target: partners.id,
          set: {
            name: partner.name,
            origins,
            cmsBundle: partner.cmsBundle,
            branding: partner.branding,
            config: partner.config,
            updatedAt: sql`now()`,
          },
        });
    },

    /**
     * Sets some keys of one section of a partner's configuration overrides in one statement:
     * the section's other keys and the other sections stay as they are.
     */
    async mergeConfigSection(
      id: string,
      section: string,
      values: object,
    ): Promise<PartnerRow | undefined> {
      const [row] = await db
        .update(partners)
        .set({
          config: sql`${partners.config} || jsonb_build_object(${section}::text,
            coalesce(${partners.config} -> ${section}::text, '{}'::jsonb) || ${JSON.stringify(values)}::jsonb)`,
          updatedAt: sql`now()`,
        })
        .where(eq(partners.id, id))
        .returning();
      return row;
    },

    async addApiKeyIfMissing(partnerId: string, key: string, label: string): Promise<void> {
      await db.insert(partnerApiKeys).values({ partnerId, key, label }).onConflictDoNothing();
    },

    async addSecretIfMissing(secret: {
      partnerId: string;
      kid: string;
      secretHash: string;
      secretCiphertext: string;
      label: string;
    }) {
      await db.insert(partnerSecrets).values(secret).onConflictDoNothing();
    },

    /** A server secret by the `kid` a token names, revoked or not (the caller decides). */
    async findSecretByKid(kid: string) {
      const [row] = await db.select().from(partnerSecrets).where(eq(partnerSecrets.kid, kid));
      return row;
    },

    /** Whether `secretHash` is a live (not revoked) server secret of the partner. */
    async hasLiveSecret(partnerId: string, secretHash: string): Promise<boolean> {
      const [row] = await db
        .select({ id: partnerSecrets.id })
        .from(partnerSecrets)
        .where(
          and(
            eq(partnerSecrets.partnerId, partnerId),
            eq(partnerSecrets.secretHash, secretHash),
            isNull(partnerSecrets.revokedAt),
          ),
        );
      return row !== undefined;
    },

    async revokeSecret(kid: string, now: Date): Promise<void> {
      await db.update(partnerSecrets).set({ revokedAt: now }).where(eq(partnerSecrets.kid, kid));
    },

    async findAsset(partnerId: string, name: string) {
      const [row] = await db
        .select()
        .from(partnerAssets)
        .where(and(eq(partnerAssets.partnerId, partnerId), eq(partnerAssets.name, name)));
      return row;
    },

    async putAsset(partnerId: string, name: string, contentType: string, body: Buffer) {
      await db
        .insert(partnerAssets)
        .values({ partnerId, name, contentType, body })
        .onConflictDoUpdate({
          target: [partnerAssets.partnerId, partnerAssets.name],
          set: { contentType, body, updatedAt: sql`now()` },
        });
    },
  };
}

export type PartnersRepo = ReturnType<typeof partnersRepo>;
