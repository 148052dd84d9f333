import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.ts';
import { addRuleIssue } from './message.ts';

/**
 * Spec 1 §5 "Sign-up password". The spec names no key for a missing lowercase letter, so it
 * uses `passwordv2`, the one number the passwordv1–v6 series leaves free.
 */
export const passwordValidationKeys = [
  'validation.required',
  'validation.passwordv1',
  'validation.passwordv2',
  'validation.passwordv3',
  'validation.passwordv4',
  'validation.passwordv5',
  'validation.passwordv6',
  'validation.password_match',
  'validation.confirm_password',
] as const;

export const PASSWORD_MIN_LENGTH = 8;
/** The special characters a sign-up password must use one of; the texts list them. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?~`';

/**
 * Every rule the password breaks, in the order the form lists them (one per line). The
 * minimum-length key comes first because the spec shows it combined with the others.
 */
export const passwordProblems = (password: string | null | undefined): string[] => {
  const pw = password ?? '';
  if (!pw) return ['validation.required'];
  const problems: string[] = [];
  if (pw.length < PASSWORD_MIN_LENGTH) problems.push('validation.passwordv1');
  if (/\s/.test(pw)) problems.push('validation.passwordv6');
  if (!/\d/.test(pw)) problems.push('validation.passwordv3');
  if (!/\p{Lu}/u.test(pw)) problems.push('validation.passwordv4');
  if (!/\p{Ll}/u.test(pw)) problems.push('validation.passwordv2');
  if (![...pw].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)))
    problems.push('validation.passwordv5');
  return problems;
};

/** The log-in check: a value, without spaces; strength is not re-checked there. */
export const simplePasswordSchema = z
  .string({ error: 'validation.required' })
  .max(PASSWORD_MAX_LENGTH, 'validation.invalid')
  .superRefine((pw, ctx) =>
    addRuleIssue(ctx, !pw ? 'validation.required' : /\s/.test(pw) ? 'validation.passwordv6' : null),
  );

/** Spread into a larger form's object, then `.superRefine(refinePasswordPair)`. */
export const passwordPairShape = {
  password: z.string({ error: 'validation.required' }),
  passwordConfirm: z.string({ error: 'validation.confirm_password' }),
};

type PasswordPair = { password: string; passwordConfirm: string };

/** One issue per broken rule on `password`; confirmation problems on both fields. */
export const refinePasswordPair = (value: PasswordPair, ctx: z.RefinementCtx): void => {
  for (const key of passwordProblems(value.password)) {
    ctx.addIssue({ code: 'custom', message: key, path: ['password'] });
  }
  if (!value.passwordConfirm) {
    ctx.addIssue({
      code: 'custom',
      message: 'validation.confirm_password',
      path: ['passwordConfirm'],
    });
  } else if (value.password !== value.passwordConfirm) {
    for (const path of ['password', 'passwordConfirm']) {
      ctx.addIssue({ code: 'custom', message: 'validation.password_match', path: [path] });
    }
  }
};

export const signUpPasswordSchema = z.object(passwordPairShape).superRefine(refinePasswordPair);
