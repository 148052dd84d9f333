import { themeImageNames, type ThemeImageName } from '@tern/domain';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/client.ts';
import type { Keys } from '../lib/encryption-for.ts';
import { defaultComms } from '../modules/accounts/mappers.ts';
import { usersRepo } from '../modules/accounts/users-repo.ts';
import { seedDemoPolicies } from './demo-policies.ts';
import { users } from '../modules/accounts/tables.ts';
import { hashPassword } from '../lib/passwords.ts';
import { sha256 } from '../lib/secrets.ts';
import { partnersRepo } from '../modules/partners/repo.ts';
import { brandImage, imageFileName } from '../web/brand-images.ts';
import { DEFAULT_PORT } from '../config.ts';
import {
  brandingOf,
  DEMO_PASSWORD,
  demoOrigin,
  demoPartners,
  demoShopOrigin,
  demoUsers,
  type DemoPartner,
} from './demo-world.ts';
import { seedDemoData } from './demo-data.ts';
import { contentRepo } from '../modules/content/repo.ts';
import { CONTENT_ROOT, readContent, type ContentFile } from '../modules/content/import.ts';

/** The repository's help content, read once per process (tests seed once per file). */
let demoContent: ContentFile[] | undefined;

/** The artwork drawn for the demo partners (`brand/<partner>/`), by theme image. */
const DRAWN: Partial<Record<ThemeImageName, string>> = {
  logo: 'logo.svg',
  smallLogo: 'small-logo.svg',
  favicon: 'small-logo.svg',
  mainBackground: 'main-background.svg',
};

/** A demo partner's theme image: its drawn artwork, else one drawn from its palette. */
function demoBrandImage(p: DemoPartner, name: ThemeImageName): Buffer {
  const drawn = DRAWN[name];
  const file = drawn && join(import.meta.dirname, 'brand', p.id, drawn);
  return file && existsSync(file)
    ? readFileSync(file)
    : Buffer.from(brandImage(name, p.palette, p.name));
}

/**
 * Creates the demo world. Idempotent: partners are brought back to their demo definition,
 * keys, secrets and users are added only when missing, so a second run changes nothing.
 * Partner secrets are stored hashed and encrypted with the installation's key (ADR 0003).
 */
export async function seedDemo(
  db: Db,
  keys: Keys,
  today: Date = new Date(),
  /**
   * The port Tern listens on: the demo portals' origins are `http://<partner>.localhost:<port>`,
   * the demo shop's that embeds their widget `http://shop.localhost:<port>`.
   */
  port: number = DEFAULT_PORT,
): Promise<void> {
  const { encryption } = keys;
  const repo = partnersRepo(db);
  for (const p of demoPartners) {
    const branding = brandingOf(p);
    await repo.upsert({
      id: p.id,
      name: p.name,
      origins: [demoOrigin(p, port)],
      cmsBundle: p.cmsBundle,
      branding,
      // The demo shop embeds every partner's panels: its origin is on the same port.
      config: { ...p.config, widget: { embeddingOrigins: [demoShopOrigin(port)] } },
    });
    await repo.addApiKeyIfMissing(p.id, p.apiKey, 'demo web portal');
    await repo.addSecretIfMissing({
      partnerId: p.id,
      kid: `${p.id}-demo`,
      secretHash: sha256(p.serverSecret),
      secretCiphertext: encryption.encrypt(p.serverSecret),
      label: 'demo back end',
    });
    for (const name of themeImageNames) {
      await repo.putAsset(p.id, imageFileName(name), 'image/svg+xml', demoBrandImage(p, name));
    }
  }
  // The help content first: the demo users have accepted their partner's terms as they are.
  demoContent ??= readContent(CONTENT_ROOT);
  const content = contentRepo(db);
  await content.importAll(demoContent, today);
  const termsVersion = new Map<string, string | undefined>();
  for (const p of demoPartners)
    termsVersion.set(p.id, (await content.versionsOf(p.cmsBundle, 'terms'))[0]);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values(
      demoUsers.map(({ totpSecret, ...u }) => ({
        ...u,
        passwordHash,
        ...(totpSecret ? { mfaEnabled: true, mfaSecret: encryption.encrypt(totpSecret) } : {}),
        ...(termsVersion.get(u.partnerId)
          ? {
              terms: 'ACCEPTED',
              termsVersion: termsVersion.get(u.partnerId),
              termsAcceptedAt: today,
            }
          : {}),
      })),
    )
    .onConflictDoNothing();
  const people = usersRepo(db);
  for (const u of demoUsers) {
    const user = await people.findByEmail(u.partnerId, u.emailAddress);
    if (user) await people.addMissingComms(user.id, defaultComms(true));
  }
  await seedDemoPolicies(db, today);
  await seedDemoData(db, keys, today);
}
