import { and, asc, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import { ACTIVE_POLICY, AppError } from '@tern/domain';
import type { Db } from '../../db/client.ts';
import { policies } from '../policies/tables.ts';
import { linkInvitations, userComms, users } from './tables.ts';
import { isUniqueViolation, uniqueViolation } from '../../db/unique-violation.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type CommsRow = typeof userComms.$inferSelect;
export type NewComms = Omit<typeof userComms.$inferInsert, 'userId'>;
/** What the user's details show of a comms row. */
export type CommsEntry = Pick<CommsRow, 'commsId' | 'active' | 'preferred'>;

/**
 * The columns a signed-in read shows: never the password hash or MFA secrets, and no
 * timestamps to convert. Narrow rows are what keeps the hot reads near one bare query (ADR 0008).
 */
const detailsColumns = {
  id: users.id,
  partnerId: users.partnerId,
  emailAddress: users.emailAddress,
  mobilePhoneNumber: users.mobilePhoneNumber,
  mobileConfirmed: users.mobileConfirmed,
  firstName: users.firstName,
  surname: users.surname,
  employee: users.employee,
  mfaEnabled: users.mfaEnabled,
  locale: users.locale,
  commsSms: users.commsSms,
  terms: users.terms,
  roles: users.roles,
};
export type UserDetailsRow = Pick<UserRow, keyof typeof detailsColumns>;
export type UserAccessRow = Pick<UserRow, 'partnerId' | 'roles'>;

/** Why a new account could not be stored. */
/** Another account of the partner has this email address (register, enrol, change email). */
export const emailUsedError = () =>
  new AppError('EMAIL_ALREADY_USED', { message: 'An account with this email already exists' });

/** A staff account its ADMIN disabled, once its sign-in is otherwise right (password, code). */
export const disabledError = () =>
  new AppError('ACCOUNT_DISABLED', { message: 'This account is disabled' });

export type CreateUserResult =
  { user: UserRow } | { conflict: 'email' | 'externalId' | 'policy' | 'link' };

/** SQL for users and their communication preferences. */
export function usersRepo(db: Db) {
  const byEmail = (partnerId: string, email: string) =>
    and(eq(users.partnerId, partnerId), sql`lower(${users.emailAddress}) = lower(${email})`);
  // Read on most authenticated requests: prepared once, so Drizzle builds their SQL once.
  const findByIdQuery = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_find_by_id');
  const commsQuery = db
    .select()
    .from(userComms)
    .where(eq(userComms.userId, sql.placeholder('userId')))
    .orderBy(asc(userComms.commsId))
    .prepare('users_comms');
  // The user's details are a user and their comms entries: one round trip, not two.
  const withCommsQuery = db
    .select({
      user: detailsColumns,
      comms: sql<CommsEntry[]>`coalesce((
        select json_agg(json_build_object('commsId', c.comms_id, 'active', c.active, 'preferred', c.preferred)
                        order by c.comms_id)
          from ${userComms} c where c.user_id = ${users.id}), '[]'::json)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_find_with_comms');
  const accessQuery = db
    .select({ partnerId: users.partnerId, roles: users.roles })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_access');

  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await findByIdQuery.execute({ id });
      return row;
    },

    /** A user with their comms entries (by comms id), in one query. */
    async findWithComms(
      id: string,
    ): Promise<{ user: UserDetailsRow; comms: CommsEntry[] } | undefined> {
      const [row] = await withCommsQuery.execute({ id });
      return row;
    },

    /** What a user's access answer needs: their partner and roles. */
    async findAccess(id: string): Promise<UserAccessRow | undefined> {
      const [row] = await accessQuery.execute({ id });
      return row;
    },

    async findByEmail(partnerId: string, email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(byEmail(partnerId, email));
      return row;
    },

    /** Users of a partner with this mobile number (numbers are not unique; at most 2 read). */
    async findByPhone(partnerId: string, phone: string): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(
          and(
            eq(users.partnerId, partnerId),
            eq(users.mobilePhoneNumber, phone),
            // Only a confirmed number is a sign-in destination.
            eq(users.mobileConfirmed, true),
          ),
        )
        .limit(2);
    },

    async findByExternalId(partnerId: string, externalId: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.partnerId, partnerId), eq(users.externalId, externalId)));
      return row;
    },

    /**
     * The partner's policy a registration names, whatever the case it is typed in: the
     * registration links it to the new account in `create`, in the same transaction.
     */
    async findPolicyByNumber(partnerId: string, number: string) {
      const [row] = await db
        .select()
        .from(policies)
        .where(
          and(
            eq(policies.partnerId, partnerId),
            sql`upper(${policies.externalPolicyNumber}) = upper(${number})`,
          ),
        );
      return row;
    },

    /**
     * Creates the user with their comms rows, linking the policy (if still unlinked) and
     * using the link invitation (if still unused, active and live at `link.now`), all or
     * nothing: a race for the email, policy or link answers which one was lost.
     */
    async create(
      user: NewUser,
      comms: NewComms[],
      policyId?: string,
      link?: { id: string; now: Date },
    ): Promise<CreateUserResult> {
      class Conflict extends Error {
        constructor(readonly kind: 'policy' | 'link') {
          super(kind);
        }
      }
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(users).values(user).returning();
          if (comms.length > 0)
            await tx.insert(userComms).values(comms.map((c) => ({ ...c, userId: row!.id })));
          if (policyId) {
            const linked = await tx
              .update(policies)
              .set({ userId: row!.id })
              .where(
                and(
                  eq(policies.id, policyId),
                  isNull(policies.userId),
                  eq(policies.active, ACTIVE_POLICY),
                ),
              )
              .returning({ id: policies.id });
            if (linked.length === 0) throw new Conflict('policy');
          }
          if (link) {
            const used = await tx
              .update(linkInvitations)
              .set({ secondaryId: row!.id, usedAt: link.now })
              .where(
                and(
                  eq(linkInvitations.id, link.id),
                  isNull(linkInvitations.secondaryId),
                  eq(linkInvitations.active, true),
                  gt(linkInvitations.expiresAt, link.now),
                ),
              )
              .returning({ id: linkInvitations.id });
            if (used.length === 0) throw new Conflict('link');
          }
          return { user: row! };
        });
      } catch (error) {
        if (error instanceof Conflict) return { conflict: error.kind };
        const index = uniqueViolation(error);
        if (index !== undefined)
          return { conflict: index === 'users_partner_external_idx' ? 'externalId' : 'email' };
        throw error;
      }
    },

    /** Whether the user has the channel's marketing preference on. */
    async marketingConsent(userId: string, channel: 'email' | 'sms'): Promise<boolean> {
      const [row] = await db
        .select({ active: userComms.active })
        .from(userComms)
        .where(
          and(
            eq(userComms.userId, userId),
            eq(userComms.commsId, channel === 'email' ? 'MARKETING_EMAIL' : 'MARKETING_SMS'),
          ),
        );
      return row?.active === true;
    },

    async comms(userId: string): Promise<CommsRow[]> {
      return commsQuery.execute({ userId });
    },

    /** Adds the rows a user lacks (seeding, users created before a channel existed). */
    async addMissingComms(userId: string, comms: NewComms[]): Promise<void> {
      if (comms.length === 0) return;
      await db
        .insert(userComms)
        .values(comms.map((c) => ({ ...c, userId })))
        .onConflictDoNothing();
    },

    async setComms(userId: string, entries: NewComms[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const entry of entries) {
          await tx
            .update(userComms)
            .set({ active: entry.active, preferred: entry.preferred })
            .where(and(eq(userComms.userId, userId), eq(userComms.commsId, entry.commsId)));
        }
      });
    },

    /** Updates a user; `false` when the change breaks a unique index (email or external id). */
    async update(id: string, values: Partial<NewUser>, now: Date): Promise<UserRow | false> {
      try {
        const [row] = await db
          .update(users)
          .set({ ...values, updatedAt: now })
          .where(eq(users.id, id))
          .returning();
        return row ?? false;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    /** Links an SSO customer id to an existing user that has none yet. */
    async linkExternalId(id: string, externalId: string): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ externalId })
        .where(and(eq(users.id, id), isNull(users.externalId)))
        .returning();
      return row;
    },

    /**
     * Records a TOTP time step as used, only if it is later than the last one: two requests
     * racing with the same code cannot both pass, on any number of instances.
     */
    async acceptMfaStep(id: string, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ mfaLastStep: step })
        .where(
          and(eq(users.id, id), or(isNull(users.mfaLastStep), sql`${users.mfaLastStep} < ${step}`)),
        )
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Customers (role USER only) of a partner whose email or name contains `query`. */
    async searchCustomers(partnerId: string, query: string, limit: number): Promise<UserRow[]> {
      const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db
        .select()
        .from(users)
        .where(
          and(
            eq(users.partnerId, partnerId),
            sql`${users.roles} = '{USER}'::text[]`,
            or(
              ilike(users.emailAddress, pattern),
              ilike(users.firstName, pattern),
              ilike(users.surname, pattern),
              sql`(${users.firstName} || ' ' || ${users.surname}) ilike ${pattern}`,
            ),
          ),
        )
        .orderBy(asc(users.surname), asc(users.firstName), asc(users.emailAddress))
        .limit(limit);
    },
  };
}
export type UsersRepo = ReturnType<typeof usersRepo>;
