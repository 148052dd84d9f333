import type { Db } from '../db/client.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { sha256 } from '../lib/secrets.ts';
import { usersRepo } from '../modules/accounts/users-repo.ts';
import { partnersRepo } from '../modules/partners/repo.ts';
import { DEMO_PASSWORD, demoPartners, demoUsers } from './demo-world.ts';

/**
 * What of the demo world a database still holds that anyone can use, since the repository
 * publishes it: the demo partners' API keys and SSO secrets (not revoked), and demo accounts
 * whose password is still the demo password. Production refuses to start while any is there
 * (main.ts); the list names them, never their values.
 */
export async function publishedDemoCredentials(db: Db): Promise<string[]> {
  const partners = partnersRepo(db);
  const users = usersRepo(db);
  const found: string[] = [];
  for (const partner of demoPartners) {
    if (await partners.findByApiKey(partner.apiKey))
      found.push(`the demo API key of partner ${partner.id}`);
    const secret = await partners.findSecretByKid(`${partner.id}-demo`);
    if (secret && !secret.revokedAt && secret.secretHash === sha256(partner.serverSecret))
      found.push(`the demo SSO secret ${secret.kid}`);
  }
  for (const demo of demoUsers) {
    const user = await users.findByEmail(demo.partnerId, demo.emailAddress);
    if (user?.passwordHash && (await verifyPassword(user.passwordHash, DEMO_PASSWORD)))
      found.push(`the account ${demo.emailAddress} with the demo password`);
  }
  return found;
}
