import { describe, it, expect } from 'vitest';
import { checkEmail, emailSchema } from './email.ts';

const messages = (value: unknown) =>
  emailSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('email rule', () => {
  it('accepts an ordinary address', () => {
    expect(checkEmail('ana.lopez@example.com')).toBeNull();
    expect(emailSchema.parse('ana+trip@mail.example.co.uk')).toBe('ana+trip@mail.example.co.uk');
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
