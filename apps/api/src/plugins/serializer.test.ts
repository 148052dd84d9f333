import { describe, expect, it } from 'vitest';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractSerializer, scalarUnions } from './serializer.ts';

const schema = z.object({
  id: z.string(),
  maskedIban: z.string(),
  expiresAt: z.string().nullable(),
  tags: z.array(z.object({ name: z.string(), active: z.boolean() })),
  note: z.string().optional(),
});
const route = { schema, method: 'GET', url: '/things/:id', httpStatus: '200' };
const answer = {
  id: 't1',
  maskedIban: '****1234',
  expiresAt: null,
  tags: [{ name: 'a', active: true, internal: 'x' }],
  // A handler that passes a whole row along: what the contract does not name never leaves.
  iban: 'GB33BUKB20201555555555',
  passwordHash: '$argon2id$…',
};

describe('contractSerializer', () => {
  for (const check of [false, true]) {
    it(`writes only the contract's fields (check ${check})`, () => {
      const write = contractSerializer({ check })(route);
      expect(JSON.parse(write(answer))).toEqual({
        id: 't1',
        maskedIban: '****1234',
        expiresAt: null,
        tags: [{ name: 'a', active: true }],
      });
      expect(JSON.parse(write({ ...answer, expiresAt: '2026-12-01', note: 'n' }))).toMatchObject({
        expiresAt: '2026-12-01',
        note: 'n',
      });
    });
  }

  it('refuses an answer that drifts from its contract outside production', () => {
    const write = contractSerializer({ check: true })(route);
    let thrown: unknown;
    try {
      write({ ...answer, expiresAt: 42 });
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  });
});

describe('scalarUnions', () => {
  it('turns a union of scalars into one list of types, and leaves unions of objects', () => {
    const flags = z.toJSONSchema(
      z.object({
        flag: z.union([z.literal(0), z.literal(1)]),
        day: z.iso.date().nullable(),
        either: z.union([z.object({ a: z.string() }), z.null()]),
      }),
      { target: 'draft-7' },
    );
    const simpler = scalarUnions(flags) as { properties: Record<string, Record<string, unknown>> };
    expect(simpler.properties.flag).toEqual({ type: ['number'] });
    expect(simpler.properties.day!.type).toEqual(['string', 'null']);
    expect(simpler.properties.day!.anyOf).toBeUndefined();
    expect(simpler.properties.either!.anyOf).toHaveLength(2);
  });

  it('writes flags, nullable dates and null alike after the change', () => {
    const write = contractSerializer({ check: false })({
      ...route,
      schema: z.object({
        flag: z.union([z.literal(0), z.literal(1)]),
        day: z.iso.date().nullable(),
      }),
    });
    expect(JSON.parse(write({ flag: 1, day: '2026-12-01' }))).toEqual({
      flag: 1,
      day: '2026-12-01',
    });
    expect(JSON.parse(write({ flag: 0, day: null }))).toEqual({ flag: 0, day: null });
  });
});
