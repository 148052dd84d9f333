import { describe, expect, it } from 'vitest';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractSerializer } from './serializer.ts';

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
