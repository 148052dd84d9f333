import { describe, it, expect } from 'vitest';
import {
  checkName,
  firstNameSchema,
  isAlphabeticName,
  lastNameSchema,
  nameSchema,
} from './names.ts';

describe('passenger names', () => {
  it('accepts letters with accents, hyphens, apostrophes and spaces', () => {
    for (const name of [
      'Zoë',
      "O'Brien",
      'O’Neill',
      'Jean-François',
      'María José',
      'Łukasz',
      'Ngũgĩ',
    ]) {
      expect(isAlphabeticName(name), name).toBe(true);
    }
    expect(firstNameSchema.parse('Renée')).toBe('Renée');
  });

  it('refuses digits and other symbols', () => {
    for (const name of ['R2D2', 'Ana!', 'Ana_Lopez', 'Ana.', 'Ana@']) {
      expect(checkName(name), name).toEqual({ key: 'validation.alphabetic' });
    }
  });

  it('names the missing field in the passenger form', () => {
    expect(firstNameSchema.safeParse('').error?.issues[0]?.message).toBe('validation.first_name');
    expect(lastNameSchema.safeParse(' ').error?.issues[0]?.message).toBe('validation.last_name');
    expect(nameSchema().safeParse(undefined).error?.issues[0]?.message).toBe('validation.required');
  });

  it('refuses names beyond the text limit', () => {
    expect(checkName('a'.repeat(51))).toEqual({
      key: 'validation.max_length',
      values: { max: 50 },
    });
  });
});
