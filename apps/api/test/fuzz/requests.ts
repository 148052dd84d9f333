import fc from 'fast-check';
import type { z } from 'zod';
import { API_ROOT, fillPath, type ContractDef, type Locator } from '@tern/domain';
import {
  deepJson,
  extraKey,
  hostileText,
  hostileValue,
  LONG_TEXT_LENGTH,
  mutatedOf,
  validOf,
} from './arbitraries.ts';

/**
 * Requests for one route, generated from its contract's schemas (`arbitraries.ts`): most
 * well-formed in all but one part, which is mutated — a parameter, the query, the body, its
 * content type, the raw path or query text, deep or huge JSON. What the caller's own ids are
 * (`known`) goes where the contract's ownership names them, so valid requests reach the
 * handler and not only the ownership check.
 */

/** The values a route's ownership names, for the caller the requests are sent as. */
interface Known {
  userId?: string;
  partnerId: string;
}

/** A request as `app.inject` takes it, and which mutation made it (for the failure report). */
export interface GeneratedRequest {
  mutation: Mutation;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

const MUTATIONS = [
  'valid',
  'params',
  'query',
  'body',
  'contentType',
  'rawSegment',
  'rawQuery',
  'rawNumber',
  'deepJson',
  'longText',
  'extraBody',
] as const;
type Mutation = (typeof MUTATIONS)[number];

// ── Encoding ─────────────────────────────────────────────────────────────────────────────────

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * Percent-encodes text as a client would, but never fails: a lone surrogate (which
 * `encodeURIComponent` refuses) becomes the three bytes a lax encoder writes for it (WTF-8,
 * `%ED%A0%80`), which are no UTF-8 — what the API must refuse with 400.
 */
export function encodeLoosely(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (UNRESERVED.test(char)) {
      out += char;
      continue;
    }
    const code = text.codePointAt(i)!;
    if (code > 0xffff) i++; // a pair: both halves are this code point
    const bytes =
      code < 0x80
        ? [code]
        : code < 0x800
          ? [0xc0 | (code >> 6), 0x80 | (code & 63)]
          : code < 0x10000
            ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
            : [
                0xf0 | (code >> 18),
                0x80 | ((code >> 12) & 63),
                0x80 | ((code >> 6) & 63),
                0x80 | (code & 63),
              ];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

/** A value as a path segment or query value carries it: text as it is, the rest as JSON. */
const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'bigint'
      ? value.toString()
      : (JSON.stringify(value) ?? String(value));

/** A query object as its text: arrays as repeated names, objects as JSON. */
export function queryText(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query))
    return query === undefined ? '' : `q=${encodeLoosely(asText(query))}`;
  return Object.entries(query)
    .flatMap(([name, value]) =>
      value === undefined
        ? []
        : (Array.isArray(value) ? value : [value]).map(
            (item) => `${encodeLoosely(name)}=${encodeLoosely(asText(item))}`,
          ),
    )
    .join('&');
}

/** The path with each `{name}` filled by the value's encoded text (or a raw segment as it is). */
function pathText(contract: ContractDef, params: unknown, raw?: { name: string; text: string }) {
  const values = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  return (
    API_ROOT +
    fillPath(contract.path, (name) =>
      raw?.name === name ? raw.text : encodeLoosely(asText(values[name] ?? '')),
    )
  );
}

// ── Parts ────────────────────────────────────────────────────────────────────────────────────

/** Sets the fields the contract's ownership names to the caller's own (`known`). */
function withOwnIds(contract: ContractDef, part: 'params' | 'query' | 'body', known: Known) {
  const fields: [string, unknown][] = [];
  const add = (locator: Locator | undefined, value: unknown) => {
    if (!locator || value === undefined) return;
    const [where, field] = locator.split('.') as [string, string];
    if (where === part) fields.push([field, value]);
  };
  add(contract.owner?.user, known.userId);
  add(contract.owner?.partner, known.partnerId);
  return (value: unknown) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const copy = { ...(value as Record<string, unknown>) };
    for (const [field, own] of fields) copy[field] = own;
    return copy;
  };
}

/** Valid values of a part, usually with the caller's own ids where the contract names them. */
function validPart(
  contract: ContractDef,
  part: 'params' | 'query' | 'body',
  known: Known,
): fc.Arbitrary<unknown> {
  const schema = contract[part];
  if (!schema) return fc.constant(undefined);
  const own = withOwnIds(contract, part, known);
  return fc.oneof(
    { weight: 4, arbitrary: validOf(schema).map(own) },
    { weight: 1, arbitrary: validOf(schema) },
  );
}

/** A part's mutated values: of its schema when it has one, else stray values it should ignore. */
const mutatedPart = (schema: z.ZodType | undefined): fc.Arbitrary<unknown> =>
  schema ? mutatedOf(schema) : fc.dictionary(extraKey, hostileValue, { minKeys: 1, maxKeys: 3 });

/** Content types a JSON route may be sent, most of them wrong. */
const oddContentType = fc.constantFrom(
  undefined,
  '',
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;;',
  'application/JSON',
  'application/vnd.api+json',
  'application/octet-stream',
  'image/png',
  '*/*',
  'application/json\u0000',
  ';',
);

/** Raw query texts: duplicated, broken escapes, array and prototype syntax, overlong. */
const oddQuery = fc.oneof(
  fc.constantFrom(
    '&&&',
    '=',
    '==',
    'a',
    '%',
    '%zz=%',
    '%E0%A4%A=1',
    '%ED%A0%80=1',
    'a=%00',
    'a[]=1&a[]=2',
    'a[b][c]=1',
    '__proto__[x]=1',
    'constructor[prototype][x]=1',
    '__proto__=1',
    'a=1&a=2&a=3',
    '+=+',
    `x=${'a'.repeat(100_000)}`,
    `${'a=1&'.repeat(2_000)}`,
  ),
  fc.string({ unit: 'binary-ascii', maxLength: 64 }),
);

/** Raw path segments as a client might send them: traversal, broken escapes, overlong. */
const oddSegment = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%2F',
    '%2f..%2f',
    '%',
    '%zz',
    '%00',
    '%ED%A0%80',
    '%C0%AF',
    '%FF',
    '%20',
    '~',
    'a;b=c',
    'x'.repeat(5_000),
    '%25',
  ),
  hostileText.map(encodeLoosely),
);

/** A ~1 MB text into one string field of a valid body (or as the body, when it has none). */
function withLongText(value: unknown): unknown {
  const long = 'a'.repeat(LONG_TEXT_LENGTH);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const entry = Object.entries(value).find(([, v]) => typeof v === 'string');
    return { ...value, [entry?.[0] ?? 'text']: long };
  }
  return long;
}

/** A number in JSON text no JavaScript number holds: Infinity once parsed, or precision lost. */
const hugeNumberLiteral = fc.constantFrom(
  '1e999',
  '-1e999',
  '123456789012345678901234567890123456789',
  '0.' + '0'.repeat(400) + '1',
  '1' + '0'.repeat(400),
  '-0.0e-0',
);

const NUMBER_SLOT = '\u0001number\u0001';

// ── Requests ─────────────────────────────────────────────────────────────────────────────────

interface Parts {
  mutation: Mutation;
  params: unknown;
  query: unknown;
  body: unknown;
  rawSegment?: { name: string; text: string };
  rawQuery?: string;
  rawBody?: string;
  contentType?: string | undefined;
  remoteAddress: string;
}

/** The mutations that make sense for a contract (no body mutations without a JSON body…). */
function mutationsOf(contract: ContractDef): Mutation[] {
  const json = contract.body !== undefined && !contract.upload && !contract.rawUpload;
  const hasParams = contract.path.includes('{');
  return MUTATIONS.filter((m) => {
    if (m === 'params' || m === 'rawSegment') return hasParams;
    if (m === 'rawNumber' || m === 'longText') return json;
    return true;
  });
}

/**
 * Generated requests for `contract`, as the caller `known` describes (their headers are added
 * when the request is sent: a session renewed mid-run is used at once).
 */
export function requestsFor(contract: ContractDef, known: Known): fc.Arbitrary<GeneratedRequest> {
  const names = contract.path.match(/\{[^}]+\}/g)?.map((n) => n.slice(1, -1)) ?? [];
  const valid = {
    params: validPart(contract, 'params', known),
    query: validPart(contract, 'query', known),
    body: validPart(contract, 'body', known),
  };
  const remoteAddress = fc.ipV4();
  const base = fc.record({ ...valid, remoteAddress });
  const parts = fc.constantFrom(...mutationsOf(contract)).chain((mutation): fc.Arbitrary<Parts> => {
    const withBase = <T extends object>(extra: fc.Arbitrary<T>) =>
      fc.tuple(base, extra).map(([b, e]) => ({ ...b, mutation, ...e }));
    switch (mutation) {
      case 'valid':
        return withBase(fc.constant({}));
      case 'params':
        return withBase(fc.record({ params: mutatedPart(contract.params) }));
      case 'query':
        return withBase(fc.record({ query: mutatedPart(contract.query) }));
      case 'body':
        return withBase(fc.record({ body: mutatedPart(contract.body) }));
      case 'extraBody':
        // A body where none is expected, or a JSON body on an upload.
        return withBase(fc.record({ body: fc.jsonValue({ maxDepth: 3 }) }));
      case 'contentType':
        return withBase(fc.record({ contentType: oddContentType }));
      case 'rawSegment':
        return withBase(
          fc.record({
            rawSegment: fc.record({ name: fc.constantFrom(...names), text: oddSegment }),
          }),
        );
      case 'rawQuery':
        return withBase(fc.record({ rawQuery: oddQuery }));
      case 'rawNumber':
        return fc.tuple(base, fc.nat(), hugeNumberLiteral).map(([b, pick, literal]) => {
          // A valid body with one of its values (or itself) written as a number no double holds.
          const text = JSON.stringify(placeNumberSlot(b.body, pick)) ?? '';
          return { ...b, mutation, rawBody: text.replace(`"${NUMBER_SLOT}"`, literal) };
        });
      case 'deepJson':
        return withBase(fc.record({ rawBody: deepJson }));
      case 'longText':
        return withBase(fc.constant({})).map((p) => ({ ...p, body: withLongText(p.body) }));
    }
  });
  return parts.map((p) => toRequest(contract, p));
}

/** The value with one of its leaves (picked by `pick`) replaced by the number slot. */
function placeNumberSlot(value: unknown, pick: number): unknown {
  if (!value || typeof value !== 'object') return NUMBER_SLOT;
  const entries = Object.keys(value);
  if (entries.length === 0) return NUMBER_SLOT;
  const key = entries[pick % entries.length]!;
  return Array.isArray(value)
    ? value.map((item, i) => (String(i) === key ? NUMBER_SLOT : item))
    : { ...value, [key]: NUMBER_SLOT };
}

function toRequest(contract: ContractDef, p: Parts): GeneratedRequest {
  const query = p.rawQuery ?? queryText(p.query);
  const url = pathText(contract, p.params, p.rawSegment) + (query ? `?${query}` : '');
  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;
  if (contract.upload && p.mutation !== 'extraBody' && p.mutation !== 'deepJson') {
    const upload = uploadBody(p);
    payload = upload.payload;
    headers['content-type'] = upload.contentType;
  } else if (contract.rawUpload && p.mutation !== 'extraBody' && p.mutation !== 'deepJson') {
    payload = Buffer.from(asText(p.body ?? 'bytes of a file'));
    headers['content-type'] = 'image/jpeg';
  } else {
    payload = p.rawBody ?? (p.body === undefined ? undefined : JSON.stringify(p.body));
    if (payload !== undefined) headers['content-type'] = 'application/json';
  }
  if (p.mutation === 'contentType') {
    if (p.contentType === undefined) delete headers['content-type'];
    else headers['content-type'] = p.contentType;
    payload ??= '{}';
  }
  const request: GeneratedRequest = {
    mutation: p.mutation,
    method: contract.method,
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    remoteAddress: p.remoteAddress,
  };
  // fast-check prints a failing run with this: a 1 MB body cut short.
  return Object.defineProperty(request, fc.toStringMethod, {
    value: () => describeRequest(request),
  });
}

/** A request, short enough to read in a failure report. */
export function describeRequest(request: GeneratedRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : ` payload (${request.payload.length}): ${String(request.payload).slice(0, 300)}`;
  return `[${request.mutation}] ${request.method} ${request.url.slice(0, 300)} from ${request.remoteAddress} ${JSON.stringify(request.headers)}${payload}`;
}

/** A multipart upload of a small file (its bytes any), the body's value as its one field. */
function uploadBody(p: Parts): { payload: Buffer; contentType: string } {
  const boundary = 'tern-fuzz-boundary';
  const bytes = Buffer.from(asText(p.body ?? 'not an image'));
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
