import { createHash } from 'node:crypto';

/**
 * Determinism for the simulated disruption services: every answer is computed from a seed
 * (an airport, a night, an idempotency key), so asking again answers the same without
 * storing anything.
 */

/**
 * A stream of numbers in [0, 1) that depends only on `seed`: sha256 of the seed and a
 * counter, eight draws a digest. Slower than a small generator seeded with 32 bits, but
 * seeds that differ by a character (two airports, two nights) never echo each other's draws.
 */
export function randomOf(seed: string): () => number {
  let digest = Buffer.alloc(0);
  let drawn = 0;
  return () => {
    if (drawn % 8 === 0)
      digest = createHash('sha256')
        .update(`${seed}#${drawn / 8}`)
        .digest();
    return digest.readUInt32LE(4 * (drawn++ % 8)) / 4_294_967_296;
  };
}

export const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)]!;

/** An integer from `min` to `max`, both included. */
export const between = (random: () => number, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));

/** `list` in an order drawn from `random` (Fisher–Yates), the list itself untouched. */
export function shuffled<T>(random: () => number, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** 32 characters nobody misreads aloud or on a screen: no I, O, 0 or 1. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A code of `length` characters that depends only on `seed` (one sha256 byte each). */
export function codeOf(seed: string, length: number): string {
  const digest = createHash('sha256').update(seed).digest();
  let code = '';
  for (let i = 0; i < length; i += 1) code += CODE_ALPHABET[digest[i]! % CODE_ALPHABET.length];
  return code;
}

/** The port's booking calls need someone to book for: no guest is the caller's bug. */
export function requireGuests(guests: readonly unknown[], what: string): void {
  if (guests.length === 0) throw new Error(`A ${what} needs at least one guest`);
}
