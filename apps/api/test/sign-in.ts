import { usersRepo } from '../src/modules/accounts/users-repo.ts';
import { demoEmail } from '../src/seed/demo-world.ts';
import { keyOf } from './accounts.ts';
import type { TestContext } from './app.ts';

export interface SignedIn {
  userId: string;
  headers: Record<string, string>;
}

/**
 * A bearer session for a demo user, opened directly (not through the login endpoint), with
 * the headers of a call from that user's partner portal.
 */
export async function signIn(t: TestContext, partnerId: string, local = 'user'): Promise<SignedIn> {
  const email = demoEmail(partnerId, local);
  const user = await usersRepo(t.database.db).findByEmail(partnerId, email);
  if (!user) throw new Error(`No demo user ${email}`);
  const session = await t.app.sessions.open({ userId: user.id, partnerId });
  const headers: Record<string, string> = {
    ...keyOf(partnerId),
    authorization: `Bearer ${session.token}`,
  };
  return { userId: user.id, headers };
}

/** A well-formed user id nobody has. */
export const unknownUserId = '11111111-1111-4111-8111-111111111111';
