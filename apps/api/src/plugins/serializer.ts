import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

const checkedSerializer = createSerializerCompiler();

/**
 * Answers are written by a serializer compiled once per route and status from the
 * contract's schema (fast-json-stringify): only the fields the contract names leave, and no
 * schema is walked per request — the zod walk was a fifth of a cached read's time (ADR 0008).
 * With `check` (everything but production) each answer is first checked against the
 * schema, so a handler that drifts from its contract fails its tests with a 500 rather than
 * sending a wrong field quietly; the tests then also exercise the compiled writer.
 */
export function contractSerializer({
  check,
}: {
  check: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const jsonSchema = z.toJSONSchema(route.schema, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'any',
    });
    const write = fastJson(scalarUnions(jsonSchema) as Parameters<typeof fastJson>[0]);
    if (!check) return write;
    const checked = checkedSerializer(route);
    return (data) => {
      // Throws the type provider's ResponseSerializationError when the answer drifts.
      checked(data);
      return write(data);
    };
  };
}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** The JSON types a scalar branch of a union holds, or undefined for any other branch. */
function scalarTypes(branch: unknown): string[] | undefined {
  if (typeof branch !== 'object' || branch === null) return undefined;
  const node = branch as Record<string, unknown>;
  if (['properties', 'items', 'anyOf', 'oneOf', 'allOf', '$ref'].some((key) => key in node))
    return undefined;
  const typeOf = (value: unknown) => (value === null ? 'null' : typeof value);
  const types =
    'const' in node
      ? [typeOf(node.const)]
      : Array.isArray(node.enum)
        ? node.enum.map(typeOf)
        : ([] as unknown[]).concat(node.type ?? []);
  return types.length > 0 && types.every((t) => SCALAR_TYPES.has(String(t)))
    ? (types as string[])
    : undefined;
}

/**
 * fast-json-stringify writes an `anyOf` by testing the value against each branch (ajv, on
 * every request, for every such field): a flag (`0 | 1`), a nullable date. A union of scalars
 * is written alike whatever its branch, so it becomes one list of types, and the schema's
 * checks stay where they belong (the request's validation, the `check` of the answer).
 */
export function scalarUnions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(scalarUnions);
  if (typeof node !== 'object' || node === null) return node;
  const copy = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, scalarUnions(value)]),
  );
  if (!Array.isArray(copy.anyOf)) return copy;
  const types = copy.anyOf.map(scalarTypes);
  if (!types.every((t) => t !== undefined)) return copy;
  const { anyOf: _union, ...rest } = copy;
  return { ...rest, type: [...new Set(types.flat())] };
}
