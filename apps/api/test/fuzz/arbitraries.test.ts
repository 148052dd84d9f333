import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allContracts, API_ROOT, urlFor, type ContractDef } from '@tern/domain';
import { deepJsonText, mutate, mutatedOf, validOf } from './arbitraries.ts';
import { encodeLoosely, queryText, requestsFor } from './requests.ts';

const accepts = (schema: z.ZodType) =>
  fc.assert(
    fc.property(validOf(schema), (value) => {
      const parsed = schema.safeParse(value);
      if (!parsed.success)
        throw new Error(`${JSON.stringify(value)}: ${JSON.stringify(parsed.error.issues)}`);
    }),
    { seed: 31, numRuns: 300 },
  );

describe('valid values from zod schemas', () => {
  it('keep to string formats, lengths and patterns', () => {
    accepts(z.string().min(3).max(8));
    accepts(z.string().max(2));
    accepts(z.string().regex(/^[A-Z]{2}\d{1,4}$/));
    accepts(z.uuid());
    accepts(z.email());
    accepts(z.url());
    accepts(z.iso.datetime());
    accepts(z.iso.date());
    accepts(z.string().trim().toLowerCase().min(1).max(5));
  });

  it('keep to number bounds and integer formats', () => {
    accepts(z.number().int().min(1).max(10));
    accepts(z.number().int().positive());
    accepts(z.number().gt(0).lt(1));
    accepts(z.int32());
    accepts(z.coerce.number().int().min(0));
  });

  it('keep to enums, literals, optionals, defaults, arrays, objects and unions', () => {
    accepts(z.enum(['A', 'B', 'C']));
    accepts(z.literal(['x', 1, true]));
    accepts(
      z.object({
        a: z.string().optional(),
        b: z.number().nullable(),
        c: z.boolean().default(false),
        d: z
          .array(z.enum(['p', 'q']))
          .min(1)
          .max(3),
        e: z.union([z.literal('one'), z.object({ two: z.uuid() })]),
      }),
    );
    accepts(z.strictObject({ only: z.string().max(3) }));
    // As the trip type: a text lower-cased into an enum.
    accepts(
      z
        .string()
        .transform((s) => s.toLowerCase())
        .pipe(z.enum(['single', 'return'])),
    );
    accepts(z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(4)));
  });

  it('fail a contract’s schema almost only where a refinement the definition cannot show refuses them', () => {
    // Every route's params, query and body: anything but a refinement ('custom') refusing a
    // generated value is a gap in the generator — but for a pipe through a transform, whose
    // bounds are found by trying (`preferAccepted`), in at most one value in a hundred.
    const parts = allContracts.flatMap((contract: ContractDef) =>
      (['params', 'query', 'body'] as const).flatMap((part) => {
        const schema = contract[part];
        return schema ? [{ name: `${contract.method} ${contract.path} ${part}`, schema }] : [];
      }),
    );
    expect(parts.length).toBeGreaterThan(100);
    const gaps: string[] = [];
    let samples = 0;
    for (const { name, schema } of parts)
      for (const value of fc.sample(validOf(schema), { seed: 31, numRuns: 40 })) {
        samples++;
        const issues = schema.safeParse(value).error?.issues ?? [];
        const gap = issues.find((issue) => issue.code !== 'custom');
        if (gap) gaps.push(`${name}: ${JSON.stringify(gap)} for ${JSON.stringify(value)}`);
      }
    expect(gaps.length, gaps.slice(0, 3).join('\n')).toBeLessThanOrEqual(samples / 100);
  });
});

describe('mutations', () => {
  const valid = { name: 'Ada', legs: [{ from: 'YUL', to: 'LIS' }] };

  it('replace one part, drop one, add a key (an own __proto__ too) or wrap one in an array', () => {
    expect(mutate(valid, { kind: 'replace', pick: 1, value: '\uD800' })).toEqual({
      name: '\uD800',
      legs: valid.legs,
    });
    expect(mutate(valid, { kind: 'drop', pick: 1 })).toEqual({ legs: valid.legs });
    const extra = mutate(valid, { kind: 'extra', pick: 0, key: '__proto__', value: 1 });
    expect(Object.hasOwn(extra as object, '__proto__')).toBe(true);
    expect(JSON.parse(JSON.stringify(extra))).toHaveProperty(['__proto__'], 1);
    expect(mutate(valid, { kind: 'wrap', pick: 1 })).toEqual({
      name: ['Ada', 'Ada'],
      legs: valid.legs,
    });
    // The valid value itself is never changed.
    expect(valid).toEqual({ name: 'Ada', legs: [{ from: 'YUL', to: 'LIS' }] });
  });

  it('make values a strict schema refuses', () => {
    const schema = z.strictObject({ code: z.string().regex(/^\d{6}$/), n: z.number().int() });
    const refused = fc
      .sample(mutatedOf(schema), { seed: 31, numRuns: 200 })
      .filter((value) => !schema.safeParse(value).success);
    expect(refused.length).toBeGreaterThan(180);
  });

  it('nest JSON text as deep as asked', () => {
    expect(deepJsonText(3, 'array')).toBe('[[[]]]');
    expect(deepJsonText(2, 'object')).toBe('{"a":{"a":1}}');
    expect(JSON.parse(deepJsonText(2, 'mixed'))).toEqual({ a: [{ a: [1] }] });
  });
});

describe('request text', () => {
  it('encodes well-formed text as encodeURIComponent reads it back', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(decodeURIComponent(encodeLoosely(text))).toBe(text);
      }),
      { seed: 31 },
    );
  });

  it('encodes a lone surrogate as the bytes a lax encoder writes, which are no UTF-8', () => {
    expect(encodeLoosely('a\uD800')).toBe('a%ED%A0%80');
    expect(() => decodeURIComponent(encodeLoosely('\uDC00'))).toThrow(URIError);
    expect(encodeLoosely('🙂')).toBe(encodeURIComponent('🙂'));
  });

  it('writes a query with repeated names for arrays and JSON for objects', () => {
    expect(queryText({ a: ['1', 2], b: { c: true }, d: undefined })).toBe(
      'a=1&a=2&b=%7B%22c%22%3Atrue%7D',
    );
  });

  it('sends each route its method, below the API root, the caller’s own id where it is owned', () => {
    const [details] = allContracts.filter((c) => c.id === 'accounts.details');
    const requests = fc.sample(requestsFor(details!, { partnerId: 'travel', userId: 'me' }), {
      seed: 31,
      numRuns: 200,
    });
    // The path as the contract fills it, with the caller's own id, and the part before the id.
    const own = urlFor(API_ROOT, details!, { id: 'me' });
    const below = own.slice(0, -'me'.length);
    for (const request of requests) {
      expect(request.method).toBe('GET');
      expect(request.url.startsWith(below)).toBe(true);
    }
    const mine = requests.filter((r) => r.url === own);
    expect(mine.length).toBeGreaterThan(50);
    expect(new Set(requests.map((r) => r.mutation)).size).toBeGreaterThan(5);
  });
});
