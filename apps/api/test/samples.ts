import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Minimal valid values of a zod schema, so a test can call every route with inputs that pass
 * validation (a refusal is then the access rule's, not the schema's). Deterministic: the same
 * schema gives the same value on every run. A field the test knows a real value for (an id of
 * the demo world) takes it from `known`; every candidate is checked with the schema itself.
 */

/** A value for a field by its name, or undefined to generate one. */
export type Known = (name: string) => unknown;

type Def = {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  [key: string]: unknown;
};
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isOptional = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';

/** Values a field's name suggests, for strings whose rules are code (a refine), not a regex. */
const BY_NAME: Record<string, string> = {
  emailAddress: 'h31.sample@example.com',
  email: 'h31.sample@example.com',
  mobilePhoneNumber: '+14165550199',
  phoneNumber: '+14165550199',
  password: 'Sample-pass-2026!x',
  newPassword: 'Sample-pass-2026!x',
  currency: 'CAD',
  country: 'CA',
  countryCode: 'CA',
  lang: 'en',
  language: 'en',
  locale: 'en',
  url: 'https://example.com/hook',
  origin: 'https://shop.example.com',
  iban: 'GB82WEST12345698765432',
  flightNumber: 'AC100',
  embarkDate: '2026-02-01',
  date: '2026-02-01',
  contactNumber: '+14165550199',
  policyStart: '2026-01-01',
  policyEnd: '2026-12-31',
  embarkDateTime: '2026-02-01T10:00',
  reportedOnLocal: '2026-02-01T10:00',
  delayDate: '2026-02-01T10:00',
  pir: 'YYZAC12345',
  tagNumber: '0014123456',
};

/** A date or a date-time, for a field named like one whose rule is code. */
const dateLike = (name: string, variant: number): string | undefined =>
  /(Date|Time|Start|End|On|At)$/.test(name)
    ? variant % 2 === 0
      ? '2026-02-01'
      : '2026-02-01T10:00'
    : undefined;

function stringFor(def: Def, name: string, variant: number): string {
  let min = 0;
  let max = 10_000;
  let pattern: RegExp | undefined;
  let format = def.format as string | undefined;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length') min = c.minimum as number;
    if (c.check === 'max_length') max = c.maximum as number;
    if (c.check === 'length_equals') min = max = c.length as number;
    if (c.check === 'string_format') {
      format = c.format as string;
      if (c.pattern && c.format === 'regex') pattern = c.pattern as RegExp;
    }
  }
  if (format === 'uuid' || format === 'guid') return '22222222-2222-4222-8222-222222222222';
  if (format === 'email') return BY_NAME.email!;
  if (format === 'url') return BY_NAME.url!;
  if (format === 'datetime') return '2026-02-01T10:00:00.000Z';
  if (format === 'date') return '2026-02-01';
  if (pattern) {
    const samples = fc.sample(fc.stringMatching(pattern), { seed: 31 + variant, numRuns: 20 });
    return samples.find((s) => s.length >= min && s.length <= max) ?? samples[0]!;
  }
  if (variant === 0 && BY_NAME[name]) return BY_NAME[name];
  const date = dateLike(name, variant);
  if (date) return date;
  const base = `sample-${name || 'value'}`.replace(/[^A-Za-z0-9-]/g, '');
  return base.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, base.length)));
}

function numberFor(def: Def): number {
  let low = Number.NEGATIVE_INFINITY;
  let high = Number.POSITIVE_INFINITY;
  let integer = false;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'greater_than')
      low = Math.max(low, (c.value as number) + (c.inclusive ? 0 : integer ? 1 : 0.01));
    if (c.check === 'less_than')
      high = Math.min(high, (c.value as number) - (c.inclusive ? 0 : integer ? 1 : 0.01));
    if (c.check === 'number_format') integer = true;
  }
  let value = Number.isFinite(low) ? low : Number.isFinite(high) ? Math.min(high, 1) : 1;
  if (integer) value = Math.ceil(value);
  return Math.min(value, high);
}

/**
 * A value of `schema`: only required fields (`all` false) or every field (`all` true); the
 * `variant` changes the strings picked where there is a choice.
 */
export function sampleOf(
  schema: z.ZodType,
  options: { all?: boolean; known?: Known; variant?: number } = {},
  name = '',
): unknown {
  const { all = false, known = () => undefined, variant = 0 } = options;
  const def = defOf(schema);
  const again = (inner: z.ZodType, innerName = name) => sampleOf(inner, options, innerName);
  const fromKnown = name ? known(name) : undefined;
  if (fromKnown !== undefined && schema.safeParse(fromKnown).success) return fromKnown;
  switch (def.type) {
    case 'string':
      return stringFor(def, name, variant);
    case 'number':
      return numberFor(def);
    case 'boolean':
      return variant % 2 === 0;
    case 'enum':
      return Object.values(def.entries as Record<string, string>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return again(def.innerType as z.ZodType);
    case 'pipe': {
      // A text normalised into an enum (`.transform(lower).pipe(z.enum(…))`): a value of the enum.
      const out = def.out as z.ZodType;
      return ['enum', 'literal'].includes(defOf(out).type)
        ? again(out)
        : again(def.in as z.ZodType);
    }
    case 'lazy':
      return again((def.getter as () => z.ZodType)());
    case 'union': {
      const options_ = def.options as z.ZodType[];
      const picked = options_[variant % options_.length]!;
      return again(picked);
    }
    case 'array': {
      let min = 0;
      for (const check of def.checks ?? []) {
        const c = check._zod.def;
        if (c.check === 'min_length') min = c.minimum as number;
      }
      const count = Math.max(min, all ? 1 : 0);
      return Array.from({ length: count }, () => again(def.element as z.ZodType));
    }
    case 'record':
      return {};
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape)) {
        const given = known(key);
        if (!all && isOptional(field) && given === undefined) continue;
        out[key] = sampleOf(field, options, key);
      }
      return out;
    }
    case 'date':
      return new Date('2026-02-01T10:00:00Z');
    case 'any':
    case 'unknown':
      return 'sample';
    default:
      throw new Error(`sampleOf: no sample for a ${def.type}`);
  }
}

/**
 * A value `schema` accepts: required fields first, then every field, each with a few string
 * variants, until one parses. Undefined when none does (a refine the sampler cannot meet).
 */
export function validSample(schema: z.ZodType, known: Known = () => undefined): unknown {
  for (let variant = 0; variant < 4; variant++)
    for (const all of [false, true]) {
      const value = sampleOf(schema, { all, known, variant });
      if (schema.safeParse(value).success) return value;
    }
  return undefined;
}

/**
 * The fields of an object schema, also when it is wrapped (a transform's pipe, a default): what
 * a request may carry by name.
 */
export function fieldNames(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = defOf(schema);
  if (def.type === 'object') return Object.keys(def.shape as object);
  if (def.type === 'pipe') return fieldNames(def.in as z.ZodType);
  if (def.innerType) return fieldNames(def.innerType as z.ZodType);
  if (def.type === 'union')
    return [...new Set((def.options as z.ZodType[]).flatMap((option) => fieldNames(option)))];
  return [];
}

/** A sample as a path or query string carries it. */
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

/** An object's values as text (a path's or a query's parameters). */
export const asTextRecord = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [k, asText(v)]),
  );
