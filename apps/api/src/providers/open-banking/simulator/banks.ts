import { createHash } from 'node:crypto';
import { maskTail } from '@tern/domain';
import type { SharedAccount } from '../port.ts';

/**
 * The simulated banks a customer may choose on the consent page, and the business accounts
 * each holds for a customer: made up from the customer and the bank alone, so the page
 * shows the same accounts on every visit and in every test.
 */
export const SIMULATED_BANKS = {
  lanyard: { name: 'Lanyard Bank' },
  quayside: { name: 'Quayside Building Society' },
  meridian: { name: 'Meridian Business Bank' },
} as const;
export type SimulatedBank = keyof typeof SIMULATED_BANKS;
export const SIMULATED_BANK_KEYS = Object.keys(SIMULATED_BANKS) as SimulatedBank[];

export const isSimulatedBank = (value: unknown): value is SimulatedBank =>
  typeof value === 'string' && Object.hasOwn(SIMULATED_BANKS, value);

/**
 * The bank's names of its business accounts. They are the bank's data (its product names,
 * as its statements print them), not text of the page, so they stay as the bank wrote them.
 */
const FIRST_ACCOUNT = 'Business Current Account';
const OTHER_ACCOUNTS = ['Business Reserve Account', 'Card Takings Account', 'Tax Pot'] as const;

/** The digits of sha256(seed), `length` of them. */
function digitsOf(seed: string, length: number): string {
  const digest = createHash('sha256').update(seed).digest();
  let digits = '';
  for (let i = 0; digits.length < length; i++) digits += String(digest[i]! % 10);
  return digits;
}

/**
 * The business accounts `customerRef` holds at `bank`: two or three (a current account and
 * one or two others), the same on every call. Only the last four digits of a number are
 * ever made known: the page and the consent show no more.
 */
export function accountsOf(customerRef: string, bank: SimulatedBank): SharedAccount[] {
  const seed = createHash('sha256').update(`accounts:${customerRef}`).digest();
  const count = 2 + (seed[0]! % 2);
  const offset = seed[1]! % OTHER_ACCOUNTS.length;
  const names = [FIRST_ACCOUNT];
  for (let i = 1; i < count; i++) names.push(OTHER_ACCOUNTS[(offset + i) % OTHER_ACCOUNTS.length]!);
  return names.map((name, i) => ({
    accountId: `${bank}-${digitsOf(`id:${bank}:${customerRef}:${i}`, 12)}`,
    name,
    accountNumber: maskTail(digitsOf(`number:${bank}:${customerRef}:${i}`, 8)),
  }));
}
