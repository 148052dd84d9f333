import { describe, expect, it } from 'vitest';
import { emailSchema } from './email.ts';
import { requiredAs } from './message.ts';

const messages = (value: unknown) =>
  requiredAs(emailSchema, 'validation.email')
    .safeParse(value)
    .error?.issues.map((issue) => issue.message) ?? [];

describe('requiredAs', () => {
  it("answers the field's own message for an empty or blank value, or none at all", () => {
    expect(messages('')).toEqual(['validation.email']);
    expect(messages('   ')).toEqual(['validation.email']);
    expect(messages(undefined)).toEqual(['validation.email']);
  });

  it("leaves the rule's other messages and its good values as they were", () => {
    expect(messages('uma @example.com')).toEqual(['validation.email_no_spaces']);
    expect(messages('uma@example')).toEqual(['validation.inv_email']);
    expect(messages('uma@example.com')).toEqual([]);
  });
});
