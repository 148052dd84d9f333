import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { longestMatch, stateDocumentLimits } from './openapi-limits.ts';

describe('the longest string a pattern admits', () => {
  it('reads fixed and bounded repeats, classes, escapes and alternatives', () => {
    expect(longestMatch('^\\d{6}$')).toBe(6);
    expect(longestMatch('^v\\d{1,3}$')).toBe(4);
    expect(longestMatch('^[a-z]{2}(-[A-Z]{2})?$')).toBe(5);
    expect(longestMatch('^#[0-9a-fA-F]{6}$')).toBe(7);
    expect(longestMatch('^(?:ab|cde)x$')).toBe(4);
  });

  it("gives zod's own uuid and date patterns their lengths", () => {
    const pattern = (schema: z.ZodType) => (z.toJSONSchema(schema) as { pattern: string }).pattern;
    expect(longestMatch(pattern(z.uuid()))).toBe(36);
    expect(longestMatch(pattern(z.iso.date()))).toBe(10);
  });

  it('admits no bound for unbounded repeats, unanchored patterns or what it cannot read', () => {
    expect(longestMatch('^[a-z]+$')).toBeUndefined();
    expect(longestMatch('^a*$')).toBeUndefined();
    expect(longestMatch('^a{2,}$')).toBeUndefined();
    expect(longestMatch('[a-z]{2}')).toBeUndefined();
    expect(longestMatch('^[a-z]{2}')).toBeUndefined();
    expect(longestMatch('^(a)\\1$')).toBeUndefined();
    expect(longestMatch('^(?<=a)b$')).toBeUndefined();
    // The date-time pattern's fraction of a second has any number of digits.
    const dateTime = (z.toJSONSchema(z.iso.datetime()) as { pattern: string }).pattern;
    expect(longestMatch(dateTime)).toBeUndefined();
  });
});

describe('limits stated in a document', () => {
  it('writes maxLength from a bounded pattern and keeps a maxLength already there', () => {
    const document = stateDocumentLimits({
      a: { type: 'string', pattern: '^\\d{6}$' },
      b: { type: 'string', pattern: '^\\d{6}$', maxLength: 4 },
      c: { type: 'string', pattern: '^\\d+$' },
    });
    expect(document.a).toMatchObject({ maxLength: 6 });
    expect(document.b).toMatchObject({ maxLength: 4 });
    expect(document.c).not.toHaveProperty('maxLength');
  });

  it("names an integer's width from its bounds, exclusive ones too, and leaves an unbounded one", () => {
    const document = stateDocumentLimits({
      small: { type: 'integer', minimum: 0, maximum: 100 },
      safe: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
      positive: { type: 'integer', exclusiveMinimum: 0, maximum: 2 ** 31 },
      open: { type: 'integer', minimum: 0 },
    });
    expect(document.small).toMatchObject({ format: 'int32' });
    expect(document.safe).toMatchObject({ format: 'int64' });
    expect(document.positive).toMatchObject({ format: 'int64' });
    expect(document.open).not.toHaveProperty('format');
  });
});
