import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import { DAY_MS } from '@tern/domain';
import type { Db } from '../../../db/client.ts';
import type { RedeemedCard } from '../port.ts';
import { cardVaultCards, cardVaultFrames, type CardVaultFrameRow } from '../tables.ts';

/**
 * Numbers one frame may tokenise: a person retyping a mistake needs two or three; a script
 * holding the frame's address and feeding it numbers gets no further.
 */
export const FRAME_MAX_CARDS = 10;

/**
 * How long a frame's row outlives its expiry: while it is kept, its address still answers
 * "this form has expired" in a page its portal may frame, rather than a page no one may.
 */
const EXPIRED_FRAME_KEPT_MS = DAY_MS;

/** What a card row holds besides its frame, user and times. */
export interface CardValues {
  tokenHash: string;
  fingerprint: string;
  last4: string;
  brand: string | null;
}

/**
 * The vault's frames and cards in SQL. Redeeming is one guarded UPDATE (a token is good once,
 * for its user, until it expires, whatever runs at the same time); tokenising locks its frame,
 * so its count of numbers holds across instances.
 */
export function cardVaultStore(db: Db) {
  const frames = cardVaultFrames;
  const cards = cardVaultCards;
  return {
    async addFrame(values: typeof frames.$inferInsert): Promise<void> {
      await db.insert(frames).values(values);
    },

    /** The frame of a token's hash, expired or not (the caller tells them apart). */
    async frame(tokenHash: string): Promise<CardVaultFrameRow | undefined> {
      const [row] = await db.select().from(frames).where(eq(frames.tokenHash, tokenHash));
      return row;
    },

    /**
     * A card typed in the frame of `frameTokenHash`, kept until `expiresAt`: `expired` when the
     * frame is unknown or past its time, `full` when it has tokenised its share.
     */
    async addCard(
      frameTokenHash: string,
      card: CardValues,
      now: Date,
      expiresAt: Date,
    ): Promise<'added' | 'expired' | 'full'> {
      return db.transaction(async (tx) => {
        const [frame] = await tx
          .select()
          .from(frames)
          .where(eq(frames.tokenHash, frameTokenHash))
          .for('update');
        if (!frame || frame.expiresAt <= now) return 'expired';
        const [made] = await tx
          .select({ count: count() })
          .from(cards)
          .where(eq(cards.frameId, frame.id));
        if ((made?.count ?? 0) >= FRAME_MAX_CARDS) return 'full';
        await tx.insert(cards).values({
          ...card,
          frameId: frame.id,
          userId: frame.userId,
          createdAt: now,
          expiresAt,
        });
        if (!frame.usedAt)
          await tx.update(frames).set({ usedAt: now }).where(eq(frames.id, frame.id));
        return 'added';
      });
    },

    /** The card of a token's hash for `userId`, once, while it lasts; null otherwise. */
    async redeem(userId: string, tokenHash: string, now: Date): Promise<RedeemedCard | null> {
      const [row] = await db
        .update(cards)
        .set({ redeemedAt: now })
        .where(
          and(
            eq(cards.tokenHash, tokenHash),
            eq(cards.userId, userId),
            isNull(cards.redeemedAt),
            gt(cards.expiresAt, now),
          ),
        )
        .returning({ fingerprint: cards.fingerprint, last4: cards.last4, brand: cards.brand });
      return row ?? null;
    },

    /** Forgets cards past their time and frames a day past theirs (with their cards). */
    async purge(now: Date): Promise<void> {
      await db.delete(cards).where(lt(cards.expiresAt, now));
      await db
        .delete(frames)
        .where(lt(frames.expiresAt, new Date(now.getTime() - EXPIRED_FRAME_KEPT_MS)));
    },
  };
}
