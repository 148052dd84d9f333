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
    const write = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    if (!check) return write;
    const checked = checkedSerializer(route);
    return (data) => {
      // Throws the type provider's ResponseSerializationError when the answer drifts.
      checked(data);
      return write(data);
    };
  };
}
