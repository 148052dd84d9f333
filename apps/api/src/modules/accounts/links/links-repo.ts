import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { linkInvitations } from '../tables.ts';

export type LinkRow = typeof linkInvitations.$inferSelect;

/** SQL for link invitations (using one is part of creating its account: users-repo). */
export function linksRepo(db: Db) {
  return {
    async insert(values: typeof linkInvitations.$inferInsert): Promise<LinkRow> {
      const [row] = await db.insert(linkInvitations).values(values).returning();
      return row!;
    },

    async findByHash(linkHash: string): Promise<LinkRow | undefined> {
      const [row] = await db
        .select()
        .from(linkInvitations)
        .where(eq(linkInvitations.linkHash, linkHash));
      return row;
    },
  };
}
export type LinksRepo = ReturnType<typeof linksRepo>;
