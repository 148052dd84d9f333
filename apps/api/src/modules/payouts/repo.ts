import { and, asc, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { payments, payoutMethods, payoutWidgetSessions } from './tables.ts';

export type PayoutMethodRow = typeof payoutMethods.$inferSelect;
export type NewPayoutMethod = Omit<
  typeof payoutMethods.$inferInsert,
  'id' | 'preferred' | 'createdAt' | 'updatedAt'
> &
  Pick<PayoutMethodRow, 'currency' | 'extras' | 'accountMasked' | 'accountCiphertext'>;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Pick<
  typeof payments.$inferInsert,
  | 'userId'
  | 'partnerId'
  | 'idempotencyKey'
  | 'payoutMethodId'
  | 'amount'
  | 'currency'
  | 'reason'
  | 'reasonText'
>;
export type WidgetSessionRow = typeof payoutWidgetSessions.$inferSelect;

const OPEN_STATUSES = ['requested', 'sent'] as const;

/**
 * The columns a method's answer shows: never the ciphertext, nor what no answer names. Narrow
 * rows keep the list near one bare query (ADR 0008).
 */
const viewColumns = {
  id: payoutMethods.id,
  description: payoutMethods.description,
  preferred: payoutMethods.preferred,
  service: payoutMethods.service,
  provider: payoutMethods.provider,
  vendor: payoutMethods.vendor,
  type: payoutMethods.type,
  currency: payoutMethods.currency,
  extras: payoutMethods.extras,
  accountMasked: payoutMethods.accountMasked,
  createdAt: payoutMethods.createdAt,
};
/** What a method's answer is made from (`toPayoutMethod`). */
export type PayoutMethodView = Pick<PayoutMethodRow, keyof typeof viewColumns>;

/**
 * One user's payout methods change one at a time: the preferred flag moves, the first method
 * becomes preferred, a method is removed while no payment is on its way to it. A transaction
 * lock on the user (not a table lock) orders those writes across every instance.
 */
const userLock = (userId: string) =>
  sql`pg_advisory_xact_lock(hashtextextended(${`payouts:${userId}`}, 0))`;
const lockUser = (tx: Tx, userId: string) => tx.execute(sql`select ${userLock(userId)}`);

/** Whether a payment is still on its way to a method. */
const hasOpenPayment = async (tx: Tx, payoutMethodId: string) => {
  const [open] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(eq(payments.payoutMethodId, payoutMethodId), inArray(payments.status, OPEN_STATUSES)),
    )
    .limit(1);
  return open !== undefined;
};

const ownPayment = (owner: { userId: string; partnerId: string }, id: string) =>
  and(
    eq(payments.id, id),
    eq(payments.userId, owner.userId),
    eq(payments.partnerId, owner.partnerId),
  );

/** The domain's `mayResendPayment`, as the one statement that resends holds it. */
const resendable = and(
  eq(payments.status, 'failed'),
  isNull(payments.resentAt),
  isNull(payments.replacedAt),
);

const ownMethod = (userId: string, partnerId: string, id: string) =>
  and(
    eq(payoutMethods.id, id),
    eq(payoutMethods.userId, userId),
    eq(payoutMethods.partnerId, partnerId),
  );

type Replaced = 'replaced' | 'missing' | 'not-failed';

/**
 * Marks a failed payment of the user's as paid by another, so it is never resent; answers
 * why not when it is another user's or did not fail (resent and on its way, or paid).
 */
async function replaceIn(
  tx: Tx,
  owner: { userId: string; partnerId: string },
  paymentId: string,
  now: Date,
): Promise<Replaced> {
  const [replaced] = await tx
    .update(payments)
    .set({ replacedAt: sql`coalesce(${payments.replacedAt}, ${now})`, updatedAt: now })
    .where(and(ownPayment(owner, paymentId), eq(payments.status, 'failed')))
    .returning({ id: payments.id });
  if (replaced) return 'replaced';
  const [exists] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(ownPayment(owner, paymentId));
  return exists ? 'not-failed' : 'missing';
}

/** Thrown inside a transaction to roll it back with why the replacement cannot be made. */
class RollBack extends Error {
  constructor(readonly outcome: Exclude<Replaced, 'replaced'>) {
    super('rolled back');
  }
}

export function payoutsRepo(db: Db) {
  // Read on every dashboard: prepared once, so its SQL is built and planned once.
  const listQuery = db
    .select(viewColumns)
    .from(payoutMethods)
    .where(
      and(
        eq(payoutMethods.userId, sql.placeholder('userId')),
        eq(payoutMethods.partnerId, sql.placeholder('partnerId')),
      ),
    )
    .orderBy(desc(payoutMethods.preferred), asc(payoutMethods.createdAt), asc(payoutMethods.id))
    .prepare('payout_methods_of_user');

  return {
    /** A user's methods, the preferred one first, then in the order they were added. */
    async listMethods(userId: string, partnerId: string): Promise<PayoutMethodView[]> {
      return listQuery.execute({ userId, partnerId });
    },

    async findMethod(
      userId: string,
      partnerId: string,
      id: string,
    ): Promise<PayoutMethodRow | undefined> {
      const [row] = await db
        .select()
        .from(payoutMethods)
        .where(ownMethod(userId, partnerId, id));
      return row;
    },

    async methodById(id: string): Promise<PayoutMethodRow | undefined> {
      const [row] = await db.select().from(payoutMethods).where(eq(payoutMethods.id, id));
      return row;
    },

    /**
     * Adds a method; the user's first becomes the preferred one. One statement under the
     * user's lock, so the lock is held only while PostgreSQL writes and commits, never across
     * a round trip to Node: under load each of those waits its turn on the event loop while
     * the user's other changes queue behind the lock, each holding a pool connection. The
     * statement's snapshot is older than the lock, so "first" is asked of the unique index of
     * preferred methods, which sees every commit: the row goes in preferred, or, when the user
     * has a preferred method (every user with a method has exactly one), not.
     * `along`: what the same statement does once the row is in (the notice's job, the live
     * event: SQL expressions from their owners), so the method, its notice and its event
     * commit together, in one commit, or not at all.
     */
    async insertMethod(values: NewPayoutMethod, along: SQL[] = []): Promise<PayoutMethodView> {
      const given: [PgColumn, unknown][] = [
        [payoutMethods.userId, values.userId],
        [payoutMethods.partnerId, values.partnerId],
        [payoutMethods.description, values.description],
        [payoutMethods.service, values.service],
        [payoutMethods.provider, values.provider],
        [payoutMethods.vendor, values.vendor],
        [payoutMethods.type, values.type],
        [payoutMethods.currency, values.currency],
        [payoutMethods.extras, sql`${JSON.stringify(values.extras)}::jsonb`],
        [payoutMethods.accountMasked, sql`${JSON.stringify(values.accountMasked)}::jsonb`],
        [payoutMethods.accountCiphertext, values.accountCiphertext],
      ];
      const name = (column: PgColumn) => sql`${sql.identifier(column.name)}`;
      const list = (items: SQL[]) => sql.join(items, sql`, `);
      const columns = list([
        ...given.map(([column]) => name(column)),
        name(payoutMethods.preferred),
      ]);
      const row = list(given.map(([, value]) => sql`${value}`));
      const shown = list(
        Object.entries(viewColumns).map(
          ([key, column]) => sql`${name(column)} as ${sql.identifier(key)}`,
        ),
      );
      const { rows } = await db.execute<
        Omit<PayoutMethodView, 'createdAt'> & { createdAt: string }
      >(sql`
        with locked as (select ${userLock(values.userId)}),
        first as (
          insert into ${payoutMethods} (${columns})
          select ${row}, true from locked
          on conflict (${name(payoutMethods.userId)}) where ${name(payoutMethods.preferred)} do nothing
          returning ${shown}),
        other as (
          insert into ${payoutMethods} (${columns})
          select ${row}, false from locked where not exists (select from first)
          returning ${shown}),
        added as (select * from first union all select * from other)
        select added.*${sql.join(
          along.map(
            (expression, i) => sql`, (${expression}) is null as ${sql.identifier(`along_${i}`)}`,
          ),
        )} from added`);
      const { createdAt, ...added } = rows[0]!;
      const view = Object.fromEntries(
        Object.keys(viewColumns).map((key) => [key, added[key as keyof typeof added]]),
      ) as Omit<PayoutMethodView, 'createdAt'>;
      return { ...view, createdAt: new Date(createdAt) };
    },

    /**
     * Changes a method under the user's lock: `change` sees the row as it is now and answers
     * its new values, so two changes at once cannot undo each other. Account details do not
     * change while a payment is on its way to them ('in-use').
     */
    async changeMethod(
      userId: string,
      partnerId: string,
      id: string,
      change: (
        row: PayoutMethodRow,
      ) => Promise<{ values: Partial<NewPayoutMethod>; accountChanged: boolean }>,
      now: Date,
    ): Promise<PayoutMethodRow | 'missing' | 'in-use'> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [row] = await tx
          .select()
          .from(payoutMethods)
          .where(ownMethod(userId, partnerId, id));
        if (!row) return 'missing';
        const { values, accountChanged } = await change(row);
        if (accountChanged && (await hasOpenPayment(tx, id))) return 'in-use';
        const [updated] = await tx
          .update(payoutMethods)
          .set({ ...values, updatedAt: now })
          .where(eq(payoutMethods.id, id))
          .returning();
        return updated!;
      });
    },

    /** Makes one method the preferred one: exactly one stays preferred, whatever runs beside it. */
    async setPreferred(
      userId: string,
      partnerId: string,
      id: string,
      now: Date,
    ): Promise<PayoutMethodRow | undefined> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [target] = await tx
          .select()
          .from(payoutMethods)
          .where(ownMethod(userId, partnerId, id));
        if (!target) return undefined;
        if (target.preferred) return target;
        await tx
          .update(payoutMethods)
          .set({ preferred: false, updatedAt: now })
          .where(and(eq(payoutMethods.userId, userId), eq(payoutMethods.preferred, true)));
        const [row] = await tx
          .update(payoutMethods)
          .set({ preferred: true, updatedAt: now })
          .where(eq(payoutMethods.id, id))
          .returning();
        return row;
      });
    },

    /**
     * Removes a method no payment is on its way to, and answers it; the oldest other method
     * becomes preferred if the removed one was.
     */
    async removeMethod(
      userId: string,
      partnerId: string,
      id: string,
      now: Date,
    ): Promise<PayoutMethodRow | 'missing' | 'in-use'> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [target] = await tx
          .select()
          .from(payoutMethods)
          .where(ownMethod(userId, partnerId, id));
        if (!target) return 'missing';
        if (await hasOpenPayment(tx, id)) return 'in-use';
        await tx.delete(payoutMethods).where(eq(payoutMethods.id, id));
        if (target.preferred) {
          const [next] = await tx
            .select({ id: payoutMethods.id })
            .from(payoutMethods)
            .where(eq(payoutMethods.userId, userId))
            .orderBy(asc(payoutMethods.createdAt), asc(payoutMethods.id))
            .limit(1);
          if (next)
            await tx
              .update(payoutMethods)
              .set({ preferred: true, updatedAt: now })
              .where(eq(payoutMethods.id, next.id));
        }
        return target;
      });
    },

    // ── Payments ─────────────────────────────────────────────────────────────────────────
    /**
     * Records a payment unless its key was used: the first row for a key wins, however many
     * ask at once, and a repeat answers it even if its method has gone since. A new payment
     * goes to the method named, else the user's preferred one, which `accepts` must take; the
     * user lock keeps a removal from slipping in between.
     */
    async insertPayment(
      values: Omit<NewPayment, 'payoutMethodId'> & { payoutMethodId: string | undefined },
      accepts: (method: PayoutMethodRow) => boolean,
      /** A failed payment of the user's that this one pays instead: marked so in the same commit. */
      replaces: { paymentId: string; now: Date } | undefined,
      /** The job that sends a new payment, queued in its commit (`jobs.addition`). */
      sending: (paymentId: string) => SQL,
    ): Promise<
      | { payment: PaymentRow; method: PayoutMethodRow | undefined; created: boolean }
      | 'no-method'
      | 'refused'
      | Exclude<Replaced, 'replaced'>
    > {
      const byKey = and(
        eq(payments.partnerId, values.partnerId),
        eq(payments.idempotencyKey, values.idempotencyKey),
      );
      return db
        .transaction(async (tx) => {
          await lockUser(tx, values.userId);
          const methodOf = async (payment: PaymentRow) => {
            if (!payment.payoutMethodId) return undefined;
            const [row] = await tx
              .select()
              .from(payoutMethods)
              .where(eq(payoutMethods.id, payment.payoutMethodId));
            return row;
          };
          const [first] = await tx.select().from(payments).where(byKey);
          if (first) return { payment: first, method: await methodOf(first), created: false };
          const [method] = await tx
            .select()
            .from(payoutMethods)
            .where(
              values.payoutMethodId
                ? ownMethod(values.userId, values.partnerId, values.payoutMethodId)
                : and(eq(payoutMethods.userId, values.userId), eq(payoutMethods.preferred, true)),
            );
          if (!method || method.partnerId !== values.partnerId) return 'no-method';
          if (!accepts(method)) return 'refused';
          // Another user's payment may hold the key (their lock is not ours): theirs wins.
          const [created] = await tx
            .insert(payments)
            .values({ ...values, payoutMethodId: method.id })
            .onConflictDoNothing()
            .returning();
          if (created) {
            if (replaces) {
              const replaced = await replaceIn(tx, values, replaces.paymentId, replaces.now);
              // Neither is kept: the new payment only exists as the failed one's replacement.
              if (replaced !== 'replaced') throw new RollBack(replaced);
            }
            await tx.execute(sql`select ${sending(created.id)}`);
            return { payment: created, method, created: true };
          }
          const [other] = await tx.select().from(payments).where(byKey);
          return { payment: other!, method: await methodOf(other!), created: false };
        })
        .catch((error: unknown) => {
          if (error instanceof RollBack) return error.outcome;
          throw error;
        });
    },

    async findPayment(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    /** A user's payments, newest first, with the method each went to (if it is still there). */
    async listPayments(userId: string, partnerId: string) {
      return db
        .select({ payment: payments, method: payoutMethods })
        .from(payments)
        .leftJoin(payoutMethods, eq(payments.payoutMethodId, payoutMethods.id))
        .where(and(eq(payments.userId, userId), eq(payments.partnerId, partnerId)))
        .orderBy(desc(payments.requestedAt), desc(payments.id));
    },

    /**
     * Moves a payment on, only from the states it may leave (a late or repeated run changes
     * nothing); `along` is what the same transaction does once it has moved (the partner's
     * event).
     */
    async advancePayment(
      id: string,
      from: readonly PaymentRow['status'][],
      values: Partial<
        Pick<
          PaymentRow,
          | 'status'
          | 'providerReference'
          | 'failureReason'
          | 'failureText'
          | 'sentAt'
          | 'settledAt'
          | 'failedAt'
        >
      >,
      now: Date,
      along?: (tx: Tx, payment: PaymentRow) => Promise<void>,
    ): Promise<PaymentRow | undefined> {
      const advance = async (on: Db | Tx) => {
        const [row] = await on
          .update(payments)
          .set({ ...values, updatedAt: now })
          .where(and(eq(payments.id, id), inArray(payments.status, from)))
          .returning();
        return row;
      };
      if (!along) return advance(db);
      return db.transaction(async (tx) => {
        const row = await advance(tx);
        if (row) await along(tx, row);
        return row;
      });
    },

    /** One of the user's payments, or undefined (another user's is not theirs). */
    async findOwnPayment(
      owner: { userId: string; partnerId: string },
      paymentId: string,
    ): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(ownPayment(owner, paymentId));
      return row;
    },

    /**
     * Sends a failed payment again, to another method of the user's. The statement holds the
     * rule (failed, never resent, not replaced), so two resends at once send once; under the
     * user's lock, as a method's removal is, so the method is still theirs when it is chosen.
     */
    async resendPayment(
      owner: { userId: string; partnerId: string },
      paymentId: string,
      payoutMethodId: string,
      now: Date,
      /** The job that sends it again, queued in the resend's commit (`jobs.addition`). */
      sending: (paymentId: string) => SQL,
    ): Promise<PaymentRow | undefined> {
      return db.transaction(async (tx) => {
        await lockUser(tx, owner.userId);
        const [resent] = await tx
          .update(payments)
          .set({
            status: 'requested',
            payoutMethodId,
            resentAt: now,
            providerReference: null,
            failureReason: null,
            failureText: null,
            sentAt: null,
            failedAt: null,
            updatedAt: now,
          })
          .where(
            and(
              ownPayment(owner, paymentId),
              resendable,
              sql`exists (select 1 from ${payoutMethods} where ${ownMethod(owner.userId, owner.partnerId, payoutMethodId)} and ${payoutMethods.currency} = ${payments.currency})`,
            ),
          )
          .returning();
        if (resent) await tx.execute(sql`select ${sending(resent.id)}`);
        return resent;
      });
    },

    /**
     * The payer pays a failed payment with another: it is then never resent. Answers whether
     * it was (or already is) replaced, or why not: another user's, or not failed (resent and
     * on its way, or paid).
     */
    async replacePayment(
      owner: { userId: string; partnerId: string },
      paymentId: string,
      now: Date,
    ): Promise<Replaced> {
      return db.transaction(async (tx) => {
        await lockUser(tx, owner.userId);
        return replaceIn(tx, owner, paymentId, now);
      });
    },

    /** Payments still open and untouched since `before`: their job may have been lost. */
    async stalePayments(before: Date): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(and(inArray(payments.status, OPEN_STATUSES), lt(payments.updatedAt, before)))
        .limit(500);
    },

    // ── Widget sessions ──────────────────────────────────────────────────────────────────
    async insertWidgetSession(values: typeof payoutWidgetSessions.$inferInsert): Promise<void> {
      await db.insert(payoutWidgetSessions).values(values);
    },

    async findWidgetSession(tokenHash: string): Promise<WidgetSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(payoutWidgetSessions)
        .where(eq(payoutWidgetSessions.tokenHash, tokenHash));
      return row;
    },

    /** Marks a widget session used; false when it already was (a second submit). */
    async useWidgetSession(tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(payoutWidgetSessions)
        .set({ usedAt: now })
        .where(
          and(
            eq(payoutWidgetSessions.tokenHash, tokenHash),
            sql`${payoutWidgetSessions.usedAt} is null`,
          ),
        )
        .returning({ tokenHash: payoutWidgetSessions.tokenHash });
      return rows.length === 1;
    },

    async releaseWidgetSession(tokenHash: string): Promise<void> {
      await db
        .update(payoutWidgetSessions)
        .set({ usedAt: null })
        .where(eq(payoutWidgetSessions.tokenHash, tokenHash));
    },
  };
}
export type PayoutsRepo = ReturnType<typeof payoutsRepo>;
