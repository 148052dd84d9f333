import { themeImageNames } from '@tern/domain';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { sha256 } from '../lib/secrets.ts';
import { partnersRepo } from '../modules/partners/repo.ts';
import { brandImage, imageFileName } from '../web/brand-images.ts';
import { brandingOf, DEMO_PASSWORD, demoPartners, demoUsers } from './demo-world.ts';

/**
 * Creates the demo world. Idempotent: partners are brought back to their demo definition,
 * keys, secrets and users are added only when missing, so a second run changes nothing.
 */
export async function seedDemo(db: Db): Promise<void> {
  const repo = partnersRepo(db);
  for (const p of demoPartners) {
    const branding = brandingOf(p);
    await repo.upsert({
      id: p.id,
      name: p.name,
      domains: p.domains,
      cmsBundle: p.cmsBundle,
      branding,
      config: p.config,
    });
    await repo.addApiKeyIfMissing(p.id, p.apiKey, 'demo web portal');
    await repo.addSecretIfMissing(p.id, `${p.id}-demo`, sha256(p.serverSecret), 'demo back end');
    for (const name of themeImageNames) {
      await repo.putAsset(
        p.id,
        imageFileName(name),
        'image/svg+xml',
        Buffer.from(brandImage(name, p.palette, p.name)),
      );
    }
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values(demoUsers.map((u) => ({ ...u, passwordHash })))
    .onConflictDoNothing();
}
