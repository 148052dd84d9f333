import type { Db } from '../../../db/client.ts';
import { supportTickets } from '../tables.ts';

export type NewSupportTicket = typeof supportTickets.$inferInsert;

export function supportRepo(db: Db) {
  return {
    async insert(ticket: NewSupportTicket) {
      const [row] = await db.insert(supportTickets).values(ticket).returning();
      return row!;
    },
  };
}
export type SupportRepo = ReturnType<typeof supportRepo>;
