import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  passwordPairShape,
  passwordProblems,
  refinePasswordPair,
  signUpPasswordSchema,
  simplePasswordSchema,
} from './password.ts';

const issues = (value: unknown) =>
  signUpPasswordSchema
    .safeParse(value)
    .error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('sign-up password rules', () => {
  it('accepts a password meeting every rule', () => {
    expect(passwordProblems('Voyage#2025')).toEqual([]);
    expect(issues({ password: 'Voyage#2025', passwordConfirm: 'Voyage#2025' })).toEqual([]);
  });

  it('asks for a value when empty', () => {
    expect(passwordProblems('')).toEqual(['validation.required']);
  });

  it('names each missing kind of character', () => {
    expect(passwordProblems('voyage#2025')).toEqual(['validation.passwordv4']);
    expect(passwordProblems('VOYAGE#2025')).toEqual(['validation.passwordv2']);
    expect(passwordProblems('Voyage#abcd')).toEqual(['validation.passwordv3']);
    expect(passwordProblems('Voyage2025')).toEqual(['validation.passwordv5']);
    expect(passwordProblems('Voyage #2025')).toEqual(['validation.passwordv6']);
  });

  it('puts the minimum length first, combined with the other problems', () => {
    expect(passwordProblems('Ab#1')).toEqual(['validation.passwordv1']);
    expect(passwordProblems('ab')).toEqual([
      'validation.passwordv1',
      'validation.passwordv3',
      'validation.passwordv4',
      'validation.passwordv5',
    ]);
  });

  it('puts password_match on both fields when they differ', () => {
    expect(issues({ password: 'Voyage#2025', passwordConfirm: 'Voyage#2026' })).toEqual([
      'password:validation.password_match',
      'passwordConfirm:validation.password_match',
    ]);
  });

  it('asks for the confirmation when it is empty', () => {
    expect(issues({ password: 'Voyage#2025', passwordConfirm: '' })).toEqual([
      'passwordConfirm:validation.confirm_password',
    ]);
  });

  it('can be merged into a larger form', () => {
    const form = z
      .object({ email: z.string(), ...passwordPairShape })
      .superRefine(refinePasswordPair);
    expect(
      form.safeParse({ email: 'a@b.co', password: 'weak', passwordConfirm: 'weak' }).success,
    ).toBe(false);
    expect(
      form.parse({ email: 'a@b.co', password: 'Voyage#2025', passwordConfirm: 'Voyage#2025' }),
    ).toBeTruthy();
  });
});

describe('log-in password check', () => {
  it('needs a value without spaces, nothing more', () => {
    expect(simplePasswordSchema.parse('weak')).toBe('weak');
    expect(simplePasswordSchema.safeParse('').error?.issues[0]?.message).toBe(
      'validation.required',
    );
    expect(simplePasswordSchema.safeParse('has space').error?.issues[0]?.message).toBe(
      'validation.passwordv6',
    );
  });

  it('refuses more than 128 characters, the most any input takes', () => {
    expect(simplePasswordSchema.safeParse('A1!a'.repeat(32)).success).toBe(true);
    expect(simplePasswordSchema.safeParse(`${'A1!a'.repeat(32)}x`).error?.issues[0]?.message).toBe(
      'validation.invalid',
    );
  });
});
