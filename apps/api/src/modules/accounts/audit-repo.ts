import { and, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from './tables.ts';

type AuditRow = typeof auditLog.$inferSelect;

/** What the audit log is searched by; every part optional. */
export interface AuditFilter {
  /** The customer's id, or */
  customerId?: string;
  /** part of their email address (any case). */
  customerEmail?: string;
  staffId?: string;
  /** Entries at or after, and before. */
  from?: Date;
  until?: Date;
  /** The entries older than this one (a page's last: its time to the microsecond, its id). */
  before?: { at: string; id: string };
}

/** Who an entry names, as far as their account is still there. */
interface Person {
  id: string;
  firstName: string | null;
  surname: string | null;
  emailAddress: string | null;
}
export interface AuditListing {
  row: AuditRow;
  /** `created_at` to the microsecond, UTC: a page's cursor (a Date keeps milliseconds only). */
  at: string;
  staff: Person;
  customer: Person;
}

const staff = alias(users, 'staff');
const customer = alias(users, 'customer');
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function auditRepo(db: Db) {
  return {
    async record(entry: typeof auditLog.$inferInsert): Promise<void> {
      await db.insert(auditLog).values(entry);
    },

    /**
     * A partner's entries, newest first (ties by id), `limit` of them after `before`. The
     * names come from the accounts, left out when an account is gone (the log outlives it).
     */
    async search(partnerId: string, filter: AuditFilter, limit: number): Promise<AuditListing[]> {
      const { before } = filter;
      const where: (SQL | undefined)[] = [
        eq(auditLog.partnerId, partnerId),
        filter.customerId ? eq(auditLog.userId, filter.customerId) : undefined,
        filter.customerEmail
          ? ilike(customer.emailAddress, `%${escapeLike(filter.customerEmail)}%`)
          : undefined,
        filter.staffId ? eq(auditLog.agentId, filter.staffId) : undefined,
        filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
        filter.until ? lt(auditLog.createdAt, filter.until) : undefined,
        before
          ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${before.at}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ];
      const person = (table: typeof staff | typeof customer) => ({
        firstName: table.firstName,
        surname: table.surname,
        emailAddress: table.emailAddress,
      });
      const rows = await db
        .select({
          row: auditLog,
          at: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
          staff: person(staff),
          customer: person(customer),
        })
        .from(auditLog)
        .leftJoin(staff, eq(staff.id, auditLog.agentId))
        .leftJoin(customer, eq(customer.id, auditLog.userId))
        .where(and(...where))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit);
      type Named = Omit<Person, 'id'> | null;
      const named = (id: string, found: Named): Person => ({
        id,
        firstName: found?.firstName ?? null,
        surname: found?.surname ?? null,
        emailAddress: found?.emailAddress ?? null,
      });
      return rows.map(({ row, at, staff: s, customer: c }) => ({
        row,
        at,
        staff: named(row.agentId, s),
        customer: named(row.userId, c),
      }));
    },
  };
}
export type AuditRepo = ReturnType<typeof auditRepo>;
