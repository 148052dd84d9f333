import { describe, it, expect } from 'vitest';
import { MOBILE_MAX_LENGTH } from '../constants.ts';
import { checkText, isStorableText, textSchema, unstorableTextPath } from './text.ts';

describe('text rule', () => {
  it('accepts up to 50 characters by default', () => {
    expect(checkText('a'.repeat(50))).toBeNull();
    expect(textSchema().parse('Trip to Lisbon')).toBe('Trip to Lisbon');
  });

  it('refuses more than the maximum, naming it', () => {
    expect(checkText('a'.repeat(51))).toEqual({
      key: 'validation.max_length',
      values: { max: 50 },
    });
    expect(checkText('1'.repeat(21), { max: MOBILE_MAX_LENGTH })).toEqual({
      key: 'validation.max_length',
      values: { max: 20 },
    });
    const issue = textSchema({ max: 3 }).safeParse('abcd').error?.issues[0];
    expect(issue).toMatchObject({ message: 'validation.max_length', params: { max: 3 } });
  });

  it('asks for a value when required and empty or blank', () => {
    expect(checkText('')).toEqual({ key: 'validation.required' });
    expect(checkText('   ')).toEqual({ key: 'validation.required' });
    expect(textSchema().safeParse(undefined).error?.issues[0]?.message).toBe('validation.required');
  });

  it('lets an optional field stay empty', () => {
    expect(checkText('', { required: false })).toBeNull();
    expect(textSchema({ required: false }).parse('')).toBe('');
  });

  it('refuses text PostgreSQL cannot store (NUL), and finds where it is in any value', () => {
    expect(checkText('a\u0000b')).toEqual({ key: 'validation.invalid' });
    expect(isStorableText('Zoë 🚀 \u0001')).toBe(true);
    expect(unstorableTextPath({ name: 'ok', comms: [{ commsId: 'x' }] })).toBeUndefined();
    expect(unstorableTextPath({ comms: [{ commsId: 'x\u0000' }] })).toBe('comms.0.commsId');
    expect(unstorableTextPath({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(unstorableTextPath('\u0000')).toBe('');
    expect(unstorableTextPath(undefined)).toBeUndefined();
    // The first in the order the value reads, keys before what they hold.
    expect(unstorableTextPath({ a: { x: '\u0000' }, ['b\u0000']: 1 })).toBe('a.x');
    expect(unstorableTextPath({ ['a\u0000']: { x: '\u0000' } })).toBe('a\u0000');
  });

  it('walks a value nested 100,000 levels deep without overflowing the stack', () => {
    const depth = 100_000;
    const deep = (leaf: unknown) =>
      JSON.parse('{"a":['.repeat(depth) + JSON.stringify(leaf) + ']}'.repeat(depth));
    expect(unstorableTextPath(deep('fine'))).toBeUndefined();
    expect(unstorableTextPath(deep('\u0000'))?.split('.')).toHaveLength(2 * depth);
  });

  it('refuses a lone surrogate, high or low, anywhere in a value, and accepts a pair (an emoji)', () => {
    const high = '\uD83D';
    const low = '\uDE80';
    expect(isStorableText('🚀 Zoë')).toBe(true);
    expect(isStorableText(`${high}${low}`)).toBe(true);
    for (const text of [high, low, `a${high}`, `${low}a`, `${low}${high}`, `🚀${high}`])
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    expect(checkText(`Ada${high}`)).toEqual({ key: 'validation.invalid' });
    expect(textSchema().safeParse(`Ada${low}`).error?.issues[0]?.message).toBe(
      'validation.invalid',
    );
    expect(unstorableTextPath({ label: `Phone${high}` })).toBe('label');
    expect(unstorableTextPath({ comms: [{ commsId: 'ok' }, { commsId: low }] })).toBe(
      'comms.1.commsId',
    );
    expect(unstorableTextPath({ [`k${high}`]: 'v' })).toBe(`k${high}`);
    expect(unstorableTextPath({ label: '🚀 My phone' })).toBeUndefined();
  });
});
