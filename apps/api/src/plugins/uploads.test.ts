import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ROOT, DOCUMENT_USES, apiErrorSchema, defineContracts } from '@tern/domain';
import { registerContracts } from './contracts.ts';
import { registerErrorHandling } from './errors.ts';
import { contractSerializer } from './serializer.ts';
import { registerUploads } from './uploads.ts';
import { multipartBody } from '../../test/multipart.ts';

/** Contracts of the markers alone, on an app with nothing else: no database needed. */
const contracts = defineContracts('example', {
  upload: {
    method: 'POST',
    path: '/things/upload',
    summary: 'Count an upload',
    access: 'apiKey',
    upload: 'bag-photo',
    responses: { 201: z.object({ filename: z.string(), bytes: z.number() }) },
    errors: [400, 401, 413, 415],
  },
  json: {
    method: 'POST',
    path: '/things/json',
    summary: 'Take JSON',
    access: 'apiKey',
    body: z.object({ a: z.number() }),
    responses: { 200: z.object({ a: z.number() }) },
    errors: [400, 401, 415],
  },
  away: {
    method: 'GET',
    path: '/things/away',
    summary: 'Send elsewhere',
    access: 'apiKey',
    redirect: true,
    responses: { 302: z.object({ location: z.string() }) },
    errors: [401],
  },
  link: {
    method: 'GET',
    path: '/things/link',
    summary: 'A signed link',
    access: 'signedLink',
    query: z.object({ signature: z.string() }),
    credentialParams: ['signature'],
    responses: { 200: z.object({ ok: z.boolean() }) },
    errors: [403],
  },
});

describe('contract markers: upload, redirect, signed link', () => {
  let app: FastifyInstance;
  let keyChecks = 0;
  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(contractSerializer({ check: true }));
    registerErrorHandling(app);
    await registerUploads(app);
    app.decorate('identifyPartner', async () => {
      keyChecks += 1;
    });
    registerContracts(app, contracts, {
      upload: async (request) => {
        let bytes = 0;
        for await (const chunk of request.upload.stream) bytes += (chunk as Buffer).length;
        return { filename: request.upload.filename, bytes };
      },
      json: (request) => request.body,
      away: () => ({ location: 'https://files.example/x?sig=1' }),
      link: () => ({ ok: true }),
    });
    await app.ready();
  });
  afterAll(() => app.close());
  const url = (path: string) => `${API_ROOT}${path}`;
  const codeOf = (body: string) => apiErrorSchema.parse(JSON.parse(body)).code;

  it('hands the handler the one file of a multipart body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: url('/things/upload'),
      ...multipartBody([
        { name: 'note', data: 'hello' },
        { name: 'file', filename: 'bag.jpg', data: Buffer.alloc(1000, 1) },
      ]),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ filename: 'bag.jpg', bytes: 1000 });
  });

  it('answers 413 for a file one byte over the use’s limit: its stream fails in the handler', async () => {
    const max = DOCUMENT_USES['bag-photo'].maxBytes;
    const res = await app.inject({
      method: 'POST',
      url: url('/things/upload'),
      ...multipartBody([{ name: 'file', filename: 'big.jpg', data: Buffer.alloc(max + 1, 1) }]),
    });
    expect(res.statusCode).toBe(413);
    expect(codeOf(res.body)).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 413 for a declared length past the limit before reading the body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: url('/things/upload'),
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(DOCUMENT_USES['bag-photo'].maxBytes * 2),
      },
      payload: '--x--\r\n',
    });
    expect(res.statusCode).toBe(413);
  });

  it('answers 400 MISSING_PARAMS (file) for a multipart body without a file', async () => {
    const res = await app.inject({
      method: 'POST',
      url: url('/things/upload'),
      ...multipartBody([{ name: 'note', data: 'hello' }]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'MISSING_PARAMS', field: 'file' });
  });

  it('answers 415 for an upload that is not multipart', async () => {
    for (const [type, payload] of [
      ['application/json', '{"a":1}'],
      ['text/plain', 'hello'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: url('/things/upload'),
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, type).toBe(415);
      expect(codeOf(res.body)).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('answers 415 for a multipart body on a route that takes JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: url('/things/json'),
      ...multipartBody([{ name: 'a', data: '1' }]),
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers a redirect contract with a 302 to the returned location and no body', async () => {
    const res = await app.inject({ url: url('/things/away') });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://files.example/x?sig=1');
    expect(res.body).toBe('');
  });

  it('asks a signed link for no api-key', async () => {
    const before = keyChecks;
    const res = await app.inject({ url: url('/things/link?signature=abc') });
    expect(res.statusCode).toBe(200);
    expect(keyChecks).toBe(before);
  });

  it('refuses a credential parameter that is in neither path nor query', () => {
    const bad = defineContracts('bad', {
      read: {
        method: 'GET',
        path: '/bad',
        summary: 'A slip',
        access: 'signedLink',
        credentialParams: ['token'],
        responses: { 200: z.object({ ok: z.boolean() }) },
        errors: [],
      },
    });
    const other = Fastify();
    expect(() => registerContracts(other, bad, { read: () => ({ ok: true }) })).toThrow(/token/);
  });
});
