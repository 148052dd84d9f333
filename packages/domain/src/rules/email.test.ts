import { describe, it, expect } from 'vitest';
import { checkEmail, emailSchema, normalizeEmail } from './email.ts';

const messages = (value: unknown) =>
  emailSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('email rule', () => {
  it('accepts an ordinary address', () => {
    expect(checkEmail('ana.lopez@example.com')).toBeNull();
    expect(emailSchema.parse('ana+trip@mail.example.co.uk')).toBe('ana+trip@mail.example.co.uk');
  });

  it('refuses an address longer than 254 characters, and keeps one of exactly 254', () => {
    // Labels of at most 63 characters, so only the total length can make it invalid.
    const long = (length: number) =>
      `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(length - 248)}.com`;
    expect(long(254)).toHaveLength(254);
    expect(checkEmail(long(254))).toBeNull();
    expect(checkEmail(long(255))).toBe('validation.inv_email');
  });

  it('is compared lower-case and trimmed', () => {
    expect(normalizeEmail('  Ana.Lopez@Example.COM ')).toBe('ana.lopez@example.com');
  });

  it('asks for a value when empty or missing', () => {
    expect(checkEmail('')).toBe('validation.required');
    expect(checkEmail(null)).toBe('validation.required');
    expect(messages(undefined)).toEqual(['validation.required']);
  });

  it('refuses spaces, even around a valid address', () => {
    expect(checkEmail('ana lopez@example.com')).toBe('validation.email_no_spaces');
    expect(messages(' ana@example.com')).toEqual(['validation.email_no_spaces']);
  });

  it('refuses malformed addresses', () => {
    for (const bad of [
      'ana',
      'ana@',
      '@example.com',
      'ana@example',
      'ana@@example.com',
      'ana@example.c0m',
    ]) {
      expect(checkEmail(bad), bad).toBe('validation.inv_email');
    }
  });

  it('reports a single message per value', () => {
    expect(messages('not an email')).toEqual(['validation.email_no_spaces']);
  });
});
