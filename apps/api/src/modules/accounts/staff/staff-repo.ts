import { STAFF_ROLES } from '@tern/domain';
import { and, arrayContains, arrayOverlaps, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { linkInvitations, users } from '../tables.ts';
import type { UserRow } from '../users-repo.ts';
import type { LinkRow } from '../links/links-repo.ts';

const staffRoles = [...STAFF_ROLES];
const isStaff = arrayOverlaps(users.roles, staffRoles);
/** Invitations of staff still waiting to be used: not withdrawn, used or expired. */
const pendingStaffLink = (partnerId: string, now: Date) =>
  and(
    eq(linkInvitations.partnerId, partnerId),
    arrayOverlaps(linkInvitations.roles, staffRoles),
    isNull(linkInvitations.secondaryId),
    eq(linkInvitations.active, true),
    gt(linkInvitations.expiresAt, now),
  );

/** SQL of the admin console's staff: the partner's AGENT and ADMIN accounts and invitations. */
export function staffRepo(db: Db) {
  return {
    /** The partner's staff accounts, by name, then their invitations not yet used, newest first. */
    async list(partnerId: string, now: Date): Promise<{ members: UserRow[]; invited: LinkRow[] }> {
      const [members, invited] = await Promise.all([
        db
          .select()
          .from(users)
          .where(and(eq(users.partnerId, partnerId), isStaff))
          .orderBy(asc(users.surname), asc(users.firstName), asc(users.emailAddress)),
        db
          .select()
          .from(linkInvitations)
          .where(pendingStaffLink(partnerId, now))
          .orderBy(desc(linkInvitations.createdAt)),
      ]);
      return { members, invited };
    },

    /** A staff account of the partner; undefined for a customer, or another partner's. */
    async findMember(partnerId: string, userId: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.partnerId, partnerId), isStaff));
      return row;
    },

    /** Withdraws the staff invitations of an address still waiting (it is invited anew). */
    async withdrawInvitations(partnerId: string, emailAddress: string, now: Date): Promise<void> {
      await db
        .update(linkInvitations)
        .set({ active: false })
        .where(
          and(
            pendingStaffLink(partnerId, now),
            sql`lower(${linkInvitations.emailAddress}) = lower(${emailAddress})`,
          ),
        );
    },

    /**
     * Disables (from `now`) or enables a staff account, unless that would leave the partner
     * without an active ADMIN. The partner's active ADMIN rows are locked first: of two ADMINs
     * disabling each other at once, the second waits for the first, then sees its change.
     */
    async setDisabled(
      partnerId: string,
      userId: string,
      disabled: boolean,
      now: Date,
    ): Promise<UserRow | 'last-admin' | undefined> {
      return db.transaction(async (tx) => {
        const activeAdmins = await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(users.partnerId, partnerId),
              arrayContains(users.roles, ['ADMIN']),
              isNull(users.disabledAt),
            ),
          )
          .for('update');
        if (
          disabled &&
          activeAdmins.some((admin) => admin.id === userId) &&
          activeAdmins.length === 1
        )
          return 'last-admin';
        const [row] = await tx
          .update(users)
          .set({ disabledAt: disabled ? now : null, updatedAt: now })
          .where(and(eq(users.id, userId), eq(users.partnerId, partnerId), isStaff))
          .returning();
        return row;
      });
    },
  };
}
export type StaffRepo = ReturnType<typeof staffRepo>;
