import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries from zod v4 schemas, for the schema fuzzer (`fuzz.test.ts`): values a
 * schema should accept (`validOf`, read from its definition: formats, lengths, bounds, enums),
 * and hostile ones (`mutatedOf`: a valid value with one part replaced by text or numbers that
 * break naive code, wrong types, extra or missing keys). Refinements (`.refine`, the text
 * rules) cannot be read from a definition, so a "valid" value may still be refused: the
 * fuzzer's claim is only that nothing answers 5xx.
 */

/** The definition fields this module reads, as zod v4 lays them out (`schema._zod.def`). */
interface Def {
  type: string;
  format?: string;
  coerce?: boolean;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  items?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A string format's own checks: `z.uuid()` is a string whose def says `format: 'uuid'`. */
const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((check) => check._zod.def);

/** Lengths and bounds a schema's checks set (the first of each kind). */
function limitsOf(def: Def) {
  const limits: {
    minLength?: number;
    maxLength?: number;
    min?: number;
    max?: number;
    integer: boolean;
    pattern?: RegExp;
    format?: string;
  } = { integer: false, ...(def.format ? { format: def.format } : {}) };
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') limits.minLength = check.minimum;
    if (check.check === 'max_length') limits.maxLength = check.maximum;
    if (check.check === 'length_equals') limits.minLength = limits.maxLength = check.length ?? 0;
    if (check.check === 'string_format') {
      if (check.format === 'regex' && check.pattern) limits.pattern = check.pattern;
      else if (check.format) limits.format = check.format;
    }
    if (check.check === 'number_format') limits.integer = true;
    if (check.check === 'greater_than')
      limits.min = Number(check.value) + (check.inclusive ? 0 : limits.integer ? 1 : 1e-9);
    if (check.check === 'less_than')
      limits.max = Number(check.value) - (check.inclusive ? 0 : limits.integer ? 1 : 1e-9);
  }
  if (def.format === 'safeint' || def.format === 'int32' || def.format === 'uint32')
    limits.integer = true;
  return limits;
}

/** A string of the format zod names (`z.uuid()`, `z.iso.datetime()`…), or undefined. */
function formatted(format: string): fc.Arbitrary<string> | undefined {
  const date = fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2040-12-31T23:59:59Z'),
    noInvalidDate: true,
  });
  switch (format) {
    case 'uuid':
    case 'guid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress().filter((address) => address.length <= 254);
    case 'url':
      return fc.webUrl();
    case 'datetime':
      return date.map((d) => d.toISOString());
    case 'date':
      return date.map((d) => d.toISOString().slice(0, 10));
    case 'time':
      return date.map((d) => d.toISOString().slice(11, 19));
    default:
      return undefined;
  }
}

function stringOf(def: Def): fc.Arbitrary<string> {
  const limits = limitsOf(def);
  const fits = (s: string) =>
    s.length >= (limits.minLength ?? 0) && s.length <= (limits.maxLength ?? Infinity);
  // A format's own pattern (zod's email pattern is stricter than RFC 5322) says what it takes.
  const formatPattern = (def as { pattern?: RegExp }).pattern;
  const byFormat =
    limits.format === 'email' && formatPattern
      ? fc.stringMatching(formatPattern, { size: 'small' })
      : limits.format
        ? formatted(limits.format)
        : undefined;
  if (byFormat) return byFormat.filter((s) => fits(s) && (!formatPattern || formatPattern.test(s)));
  if (limits.pattern) {
    // The pattern says the shape; most also bound the length, and the filter the rest.
    const pattern = limits.pattern;
    return fc.stringMatching(pattern, { size: 'small' }).filter(fits);
  }
  const minLength = limits.minLength ?? 0;
  const maxLength = Math.min(limits.maxLength ?? 40, minLength + 40);
  // A trim (an overwrite) runs before the length checks: no spaces to lose at either end.
  if (checksOf(def).some((check) => check.check === 'overwrite'))
    return fc
      .string({ minLength, maxLength, unit: 'grapheme-ascii' })
      .map((s) => s.trim())
      .filter(fits);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }) },
    // Lengths count UTF-16 units, as zod does: a grapheme may be several.
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }).filter(fits) },
  );
}

function numberOf(def: Def): fc.Arbitrary<number> {
  const limits = limitsOf(def);
  if (limits.integer)
    return fc.integer({
      min: Math.max(limits.min ?? -1_000_000, Number.MIN_SAFE_INTEGER),
      max: Math.min(limits.max ?? 1_000_000, Number.MAX_SAFE_INTEGER),
    });
  return fc.double({
    min: limits.min ?? -1_000_000,
    max: limits.max ?? 1_000_000,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** An object without the keys whose value came out undefined (an optional left out). */
const withoutUndefined = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

const cache = new WeakMap<z.ZodType, fc.Arbitrary<unknown>>();

/**
 * Values `schema` should accept as input (before its transforms): what a well-behaved
 * client sends. Optional fields are sometimes left out, defaults sometimes relied on.
 */
export function validOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  const known = cache.get(schema);
  if (known) return known;
  const arbitrary = build(schema);
  cache.set(schema, arbitrary);
  return arbitrary;
}

/**
 * Of up to a few values of `arbitrary`, the first `schema` accepts (else the last tried): a
 * refinement or a transform's bounds (`?limit=` in 1…100 after a text is read as a number)
 * cannot be read from the definition, but can be tried. Drawn one at a time, as a filter that
 * gives up after TRIES: nested schemas would multiply a fixed number of draws. The count
 * starts again at every value, so a run replays from its seed alone.
 */
const TRIES = 8;
function preferAccepted(arbitrary: fc.Arbitrary<unknown>, schema: z.ZodType) {
  let misses = 0;
  return arbitrary.filter((candidate) => {
    if (schema.safeParse(candidate).success || ++misses >= TRIES) {
      misses = 0;
      return true;
    }
    return false;
  });
}

function build(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const arbitrary = buildOwn(schema, def);
  const refined = checksOf(def).some((check) => check.check === 'custom');
  return refined || def.type === 'pipe' ? preferAccepted(arbitrary, schema) : arbitrary;
}

function buildOwn(schema: z.ZodType, def: Def): fc.Arbitrary<unknown> {
  switch (def.type) {
    case 'string':
      return stringOf(def);
    case 'number':
      return numberOf(def);
    case 'int':
      return numberOf({ ...def, format: 'safeint' });
    case 'boolean':
      return fc.boolean();
    case 'bigint':
      return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(validOf(def.innerType!), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(validOf(def.innerType!), { nil: null, freq: 3 });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return validOf(def.innerType!);
    case 'pipe': {
      // A transform says nothing of its input or output: a preprocess (a pipe from one) takes
      // what the schema after it accepts; a pipe through one (a text read as a number, then
      // bounded) takes its input's shape, or what comes after if the transform keeps values
      // as they are (`toLowerCase` into an enum). Both are tried (`preferAccepted`).
      const endsInTransform = (part: z.ZodType): boolean => {
        const partDef = defOf(part);
        return (
          partDef.type === 'transform' || (partDef.type === 'pipe' && endsInTransform(partDef.out!))
        );
      };
      if (defOf(def.in!).type === 'transform') return validOf(def.out!);
      return endsInTransform(def.in!)
        ? fc.oneof(validOf(def.in!), { weight: 2, arbitrary: validOf(def.out!) })
        : validOf(def.in!);
    }
    case 'lazy':
      return fc.constant(null).chain(() => validOf(def.getter!()));
    case 'array': {
      const limits = limitsOf(def);
      const minLength = limits.minLength ?? 0;
      return fc.array(validOf(def.element!), {
        minLength,
        maxLength: Math.min(limits.maxLength ?? 4, minLength + 4),
      });
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map(validOf));
    case 'object': {
      const shape = def.shape ?? {};
      const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, validOf(v)]));
      return fc.record(fields).map(withoutUndefined);
    }
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 12 }), validOf(def.valueType!), { maxKeys: 4 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map(validOf));
    case 'intersection':
      return fc
        .tuple(validOf(def.left!), validOf(def.right!))
        .map(([a, b]) =>
          typeof a === 'object' && typeof b === 'object' && a && b ? { ...a, ...b } : a,
        );
    case 'date':
      return fc.date({ noInvalidDate: true });
    case 'transform':
    case 'any':
    case 'unknown':
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ── Hostile values ───────────────────────────────────────────────────────────────────────────

/** A text of at least 1 MB (one MiB and a bit): past every body limit, every column. */
export const LONG_TEXT_LENGTH = 1_100_000;

/** Text that breaks naive code: PostgreSQL (NUL), UTF-8 (lone surrogates), parsers. */
export const hostileText = fc.oneof(
  fc.constantFrom(
    '\uD800',
    'a\uDC00b',
    '\uDBFF\uDFFF\uD800',
    '\u0000',
    'x\u0000y',
    '',
    ' ',
    '\u202Eevil',
    '\uFEFF',
    '%00',
    '%ED%A0%80',
    '../../etc/passwd',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '${jndi:ldap://x}',
    '__proto__',
    'constructor',
    'NaN',
    '-0',
    '1e999',
    'null',
    '\r\nX-Injected: 1',
    '🙂'.repeat(500),
  ),
  fc.string({ unit: 'binary', maxLength: 64 }),
  // Any UTF-16 code unit, surrogate halves included.
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)) }),
  fc.integer({ min: 256, max: 70_000 }).map((n) => 'a'.repeat(n)),
);

/** Numbers past every bound: JavaScript's and PostgreSQL's (integer, bigint) ranges. */
const hostileNumber = fc.constantFrom(
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER + 2,
  -(Number.MAX_SAFE_INTEGER + 2),
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  -1,
  0,
  -0,
  0.5,
  1.0000001,
);

/** A value of another type than a field expects, or a shape it does not. */
const wrongType = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], { '': null }, [[[]]]),
  fc.jsonValue({ maxDepth: 3 }),
  hostileNumber,
);

export const hostileValue = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 2, arbitrary: wrongType },
);

/** Keys a body or query should not carry, or that name an object's internals. */
export const extraKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'userId',
    'partnerId',
    'roles',
    'status',
    'amount',
    '',
    '\u0000',
    '\uD800',
    'a.b',
    'a[b]',
  ),
  fc.string({ maxLength: 12 }),
);

/**
 * JSON text nested `depth` levels (arrays, objects or both): parsers and validators that
 * recurse run out of stack on it.
 */
export const deepJsonText = (depth: number, kind: 'array' | 'object' | 'mixed'): string => {
  if (kind === 'array') return '['.repeat(depth) + ']'.repeat(depth);
  if (kind === 'object') return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  return '{"a":['.repeat(depth) + '1' + ']}'.repeat(depth);
};

export const deepJson = fc
  .record({
    // The deepest are the dearest to send: one run in eight or so.
    depth: fc.oneof(
      { weight: 7, arbitrary: fc.constantFrom(64, 1_000, 10_000) },
      { weight: 1, arbitrary: fc.constant(100_000) },
    ),
    kind: fc.constantFrom('array' as const, 'object' as const, 'mixed' as const),
  })
  .map(({ depth, kind }) => deepJsonText(depth, kind));

/** A path into a value: keys and indexes down to any of its parts (the root is `[]`). */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths = [prefix];
  if (Array.isArray(value))
    value.forEach((item, i) => paths.push(...pathsOf(item, [...prefix, i])));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  return paths;
}

const clone = (value: unknown): unknown => structuredClone(value);

/** `value` with the part at `path` replaced by `replace(part)` (the root: the result). */
function replaceAt(
  value: unknown,
  path: (string | number)[],
  replace: (part: unknown) => unknown,
): unknown {
  if (path.length === 0) return replace(value);
  const copy = clone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  parent[last] = replace(parent[last]);
  return copy;
}

type Mutation =
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'drop'; pick: number }
  | { kind: 'extra'; pick: number; key: string; value: unknown }
  | { kind: 'wrap'; pick: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('replace'), pick: fc.nat(), value: hostileValue }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop'), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('extra'),
      pick: fc.nat(),
      key: extraKey,
      value: fc.oneof(hostileValue, fc.jsonValue({ maxDepth: 2 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wrap'), pick: fc.nat() }) },
);

/** Applies one mutation to a valid value at one of its parts (picked by `pick`). */
export function mutate(value: unknown, change: Mutation): unknown {
  const paths = pathsOf(value);
  const path = paths[change.pick % paths.length]!;
  switch (change.kind) {
    case 'replace':
      return replaceAt(value, path, () => change.value);
    case 'drop':
      if (path.length === 0) return undefined;
      return replaceAt(value, path.slice(0, -1), (parent) => {
        const copy = clone(parent) as Record<string | number, unknown>;
        if (Array.isArray(copy)) copy.splice(Number(path.at(-1)), 1);
        else delete copy[path.at(-1)!];
        return copy;
      });
    case 'extra':
      return replaceAt(value, path, (part) =>
        part && typeof part === 'object' && !Array.isArray(part)
          ? // defineProperty: `__proto__` as an own key, as JSON.parse makes it.
            Object.defineProperty({ ...part }, change.key, {
              value: change.value,
              enumerable: true,
              writable: true,
              configurable: true,
            })
          : change.value,
      );
    case 'wrap':
      return replaceAt(value, path, (part) => [part, part]);
  }
}

/** A valid value of `schema` with one to three hostile changes (`mutate`). */
export const mutatedOf = (schema: z.ZodType): fc.Arbitrary<unknown> =>
  fc
    .tuple(validOf(schema), fc.array(mutation, { minLength: 1, maxLength: 3 }))
    .map(([value, changes]) => changes.reduce(mutate, value));
