import { and, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DocumentState } from '@tern/domain';
import type { Db } from '../../db/client.ts';
import type { Owner } from '../../plugins/contracts.ts';
import { RECEIVING, documents } from './tables.ts';

export type DocumentRow = typeof documents.$inferSelect;
type NewDocument = typeof documents.$inferInsert;

const owned = (owner: Owner) =>
  and(eq(documents.userId, owner.userId), eq(documents.partnerId, owner.partnerId));

export function documentsRepo(db: Db) {
  return {
    /** Inserts a file's row; `along` (a job's SQL: its scan) is done in the same commit. */
    async insert(row: NewDocument, along?: SQL): Promise<DocumentRow> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx.insert(documents).values(row).returning();
        if (along) await tx.execute(sql`select ${along}`);
        return inserted!;
      });
    },

    async byId(id: string): Promise<DocumentRow | undefined> {
      const [row] = await db.select().from(documents).where(eq(documents.id, id));
      return row;
    },

    async find(owner: Owner, ids: readonly string[]): Promise<DocumentRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(documents)
        .where(and(owned(owner), inArray(documents.id, [...ids])));
    },

    /** Marks an owner's document attached at `at`; answers it, or undefined when not theirs. */
    async attach(owner: Owner, id: string, at: Date): Promise<DocumentRow | undefined> {
      const [row] = await db
        .update(documents)
        .set({ attachedAt: at })
        .where(and(owned(owner), eq(documents.id, id)))
        .returning();
      return row;
    },

    /**
     * Sets the verdict of a file still being scanned; answers the row, or undefined when a
     * run before this one gave it (this one changes nothing).
     */
    async setState(
      id: string,
      state: DocumentState,
      signature: string | null,
    ): Promise<DocumentRow | undefined> {
      const [row] = await db
        .update(documents)
        .set({ state, signature })
        .where(and(eq(documents.id, id), eq(documents.state, 'scanning')))
        .returning();
      return row;
    },

    /**
     * Takes an awaited file of `userId` for one upload (awaiting → receiving) in one statement:
     * of two uploads at once, one gets the row and the other undefined, as does any upload
     * after the bytes came.
     */
    async takeAwaited(id: string, userId: string): Promise<DocumentRow | undefined> {
      const [row] = await db
        .update(documents)
        .set({ state: RECEIVING })
        .where(
          and(eq(documents.id, id), eq(documents.userId, userId), eq(documents.state, 'awaiting')),
        )
        .returning();
      return row;
    },

    /** Awaits the bytes again after an upload was refused (the link stays good until it expires). */
    async releaseAwaited(id: string): Promise<void> {
      await db
        .update(documents)
        .set({ state: 'awaiting' })
        .where(and(eq(documents.id, id), eq(documents.state, RECEIVING)));
    },

    /**
     * Records the bytes an upload stored (receiving → scanning) and, in the same commit,
     * `along` (its scan's job): undefined when the row went meanwhile (its owner removed it).
     */
    async received(
      id: string,
      bytes: Pick<DocumentRow, 'name' | 'contentType' | 'size'>,
      along: SQL,
    ): Promise<DocumentRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(documents)
          .set({ ...bytes, state: 'scanning' })
          .where(and(eq(documents.id, id), eq(documents.state, RECEIVING)))
          .returning();
        if (row) await tx.execute(sql`select ${along}`);
        return row;
      });
    },

    async remove(id: string): Promise<void> {
      await db.delete(documents).where(eq(documents.id, id));
    },

    /** Uploads no area attached, made before `before`. */
    async orphans(before: Date): Promise<DocumentRow[]> {
      return db
        .select()
        .from(documents)
        .where(and(isNull(documents.attachedAt), lt(documents.createdAt, before)));
    },
  };
}
export type DocumentsRepo = ReturnType<typeof documentsRepo>;
