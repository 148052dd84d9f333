import { describe, expect, it } from 'vitest';
import { allContracts, areaContracts } from './areas.ts';
import { z } from 'zod';
import {
  defineContracts,
  pathFor,
  pathParams,
  routeName,
  successStatus,
  type Contract,
} from './contract.ts';
import { errorCatalogue } from './errors.ts';

const catalogueStatuses = new Set<number>(Object.values(errorCatalogue).map((e) => e.status));
/** The fields of an object schema; of a union (the items purchase), those every option has. */
const keysOf = (schema: Contract['params'] | z.ZodType | undefined): string[] => {
  if (schema instanceof z.ZodDiscriminatedUnion || schema instanceof z.ZodUnion) {
    const [first, ...rest] = (schema.options as z.ZodType[]).map(keysOf);
    return (first ?? []).filter((key) => rest.every((keys) => keys.includes(key)));
  }
  return Object.keys((schema as Contract['params'])?.shape ?? {}).sort();
};

describe('the contracts of every area', () => {
  it('name each endpoint once, by area and name', () => {
    const ids = allContracts.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [area, contracts] of Object.entries(areaContracts))
      for (const [name, contract] of Object.entries(contracts))
        expect(contract.id).toBe(`${area}.${name}`);
  });

  it('give each method and path one contract', () => {
    const names = allContracts.map((c) => routeName(c).replace(/\/$/, ''));
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(allContracts.map((c) => [c.id, c] as const))(
    '%s: path parameters match the params schema; one success status; errors from the catalogue',
    (_, contract) => {
      expect(pathParams(contract.path).sort()).toEqual(keysOf(contract.params));
      expect(Object.keys(contract.responses)).toHaveLength(1);
      expect(contract.redirect ? [302] : [200, 201, 202]).toContain(successStatus(contract));
      for (const status of contract.errors) expect(catalogueStatuses).toContain(status);
      expect([...contract.errors]).toEqual([...new Set(contract.errors)].sort());
    },
  );

  it.each(allContracts.map((c) => [c.id, c] as const))(
    '%s: lists every error status its access, input and ownership rules can answer',
    (_, contract) => {
      // A signed link is its own credential: no api-key or session to refuse.
      const implied = new Set<number>(contract.access === 'signedLink' ? [] : [401]);
      if (contract.params || contract.query || contract.body) implied.add(400);
      if (contract.owner?.user || contract.owner?.partner) implied.add(404);
      if (contract.owner?.holderOnly || contract.access === 'partner') implied.add(403);
      // Past its abuse class's allowance (contract-limits.test.ts).
      if (contract.limit) implied.add(429);
      for (const status of implied) expect(contract.errors).toContain(status);
    },
  );

  it.each(allContracts.map((c) => [c.id, c] as const))(
    '%s: ownership names a field its input has',
    (_, contract) => {
      for (const locator of [contract.owner?.user, contract.owner?.partner]) {
        if (!locator) continue;
        const [part, field] = locator.split('.') as ['params' | 'query' | 'body', string];
        const schema = contract[part];
        expect(keysOf(schema)).toContain(field);
      }
      if (contract.owner?.holderOnly || contract.owner?.user)
        expect(contract.access).not.toBe('apiKey');
    },
  );
});

describe('pathFor', () => {
  const { read: contract } = defineContracts('example', {
    read: {
      method: 'GET',
      path: '/things/{id}/parts',
      summary: 'A thing',
      access: 'signedIn',
      params: z.object({ id: z.string() }),
      responses: { 200: z.object({}) },
      errors: [400, 401],
    },
  });

  it('fills and encodes the path parameters', () => {
    expect(pathFor(contract, { id: 'a b/c' })).toBe('/things/a%20b%2Fc/parts');
  });

  it('refuses a missing parameter rather than calling a wrong path', () => {
    expect(() => pathFor(contract, {})).toThrow('{id}');
    expect(() => pathFor(contract, { id: '' })).toThrow('{id}');
  });
});
