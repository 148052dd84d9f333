import { randomInt, timingSafeEqual } from 'node:crypto';
import { sha256 } from '../../lib/secrets.ts';

/**
 * The 6-digit codes texted or emailed to sign in or to confirm a number: made at random,
 * kept only as a hash bound to what they were made for (a flow, a code row), compared in
 * constant time.
 */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A code's hash, bound to the id of what it was made for: the same digits elsewhere differ. */
export const codeHash = (boundTo: string, code: string): string => sha256(`${boundTo}.${code}`);

/** Whether a code typed is the one whose hash was kept. */
export const codeMatches = (storedHash: string, boundTo: string, code: string): boolean =>
  timingSafeEqual(Buffer.from(storedHash), Buffer.from(codeHash(boundTo, code)));
