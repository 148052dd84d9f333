import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from './tables.ts';

export type AuditRow = typeof auditLog.$inferSelect;

export function auditRepo(db: Db) {
  return {
    async record(entry: typeof auditLog.$inferInsert): Promise<void> {
      await db.insert(auditLog).values(entry);
    },

    /** A partner's entries, newest first, optionally of one agent. */
    async list(partnerId: string, agentId?: string): Promise<AuditRow[]> {
      return db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.partnerId, partnerId),
            agentId ? eq(auditLog.agentId, agentId) : undefined,
          ),
        )
        .orderBy(desc(auditLog.createdAt));
    },
  };
}
export type AuditRepo = ReturnType<typeof auditRepo>;
