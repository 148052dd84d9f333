import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { DocumentLinkQuery } from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';

/** What a signed link lets its holder do: read a clean file, or put the bytes of an awaited one. */
export type LinkPurpose = 'download' | 'upload';

/**
 * The HMAC key of one purpose's links, derived from the installation's encryption key (HKDF,
 * a label per purpose): no setting of its own to lose, a link cannot be made from anything
 * the encryption key protects or the other way round, and an upload link signs nothing a
 * download link would take (nor the reverse), however alike their queries are.
 */
export const linkKey = (installationKey: Buffer, purpose: LinkPurpose): Buffer =>
  Buffer.from(
    hkdfSync('sha256', installationKey, Buffer.alloc(0), `tern documents ${purpose} links v1`, 32),
  );

/**
 * Signed links: HMAC-SHA256 over the document, the user it was handed to and its expiry (Unix
 * seconds, at most `ttlMs` ahead), so a link works for that user's file only, briefly, and
 * any change to it breaks it.
 */
export function signedLinks(key: Buffer, clock: Clock, ttlMs: number) {
  const sign = (documentId: string, userId: string, expires: number) =>
    createHmac('sha256', key).update(`${documentId}\n${userId}\n${expires}`).digest('base64url');
  return {
    /** The query of a link to `documentId` for `userId`, valid from now for the longest allowed. */
    issue(documentId: string, userId: string): DocumentLinkQuery {
      // Rounded down: the link never lives longer than the limit.
      const expires = Math.floor((clock.now().getTime() + ttlMs) / 1000);
      return { user: userId, expires, signature: sign(documentId, userId, expires) };
    },

    /** Whether a link is one this server made for this document and it is still alive. */
    verify(documentId: string, query: DocumentLinkQuery): boolean {
      const now = clock.now().getTime();
      if (query.expires * 1000 <= now || query.expires * 1000 > now + ttlMs) return false;
      const expected = Buffer.from(sign(documentId, query.user, query.expires));
      const given = Buffer.from(query.signature);
      // Constant time: how much of a guess matched must not show in how long it took.
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    /** Seconds the link has left: what a browser may keep the file for. */
    secondsLeft(query: DocumentLinkQuery): number {
      return Math.max(0, Math.floor(query.expires - clock.now().getTime() / 1000));
    },
  };
}
export type SignedLinks = ReturnType<typeof signedLinks>;
