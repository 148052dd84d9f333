import { createHash, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_FRAME_TTL_MS } from '@tern/domain';
import { freshDatabase } from '../../../../test/database.ts';
import type { Database } from '../../../db/client.ts';
import type { fakeClock } from '../../../lib/clock.ts';
import type { CardVault } from './index.ts';
import { FRAME_MAX_CARDS } from './store.ts';
import {
  PORTAL_HOST,
  PORTAL_ORIGIN,
  PORTAL_PAGE,
  VAULT_HOST,
  VAULT_ORIGIN,
  vaultOn,
} from './test-vault.ts';

/** A published test number (Stripe's Visa), typed as people do, and its digits. */
const TYPED = '4242 4242 4242 4242';
const DIGITS = '4242424242424242';

describe('the card vault’s pages', () => {
  let database: Database;
  let release: () => Promise<void>;
  let app: FastifyInstance;
  let clock: ReturnType<typeof fakeClock>;
  let vault: CardVault;
  const log: string[] = [];
  beforeAll(async () => {
    ({ database, release } = await freshDatabase());
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log.push(chunk.toString());
        done();
      },
    });
    ({ app, clock, port: vault } = await vaultOn(database, { logStream }));
  });
  afterAll(async () => {
    await app.close();
    await release();
  });

  const frame = async (css = 'input{border-radius:8px}', userId = randomUUID()) => {
    const { url } = await vault.frameUrl({
      userId,
      origin: PORTAL_ORIGIN,
      css,
      expiresAt: new Date(clock.now().getTime() + CARD_FRAME_TTL_MS),
    });
    return { url, path: new URL(url).pathname, userId };
  };
  const open = (path: string, host = VAULT_HOST) =>
    app.inject({ method: 'GET', url: path, headers: { host } });
  /** What the frame's script posts; `origin: null` sends no Origin header. */
  const send = (path: string, body: unknown, origin: string | null = VAULT_ORIGIN) =>
    app.inject({
      method: 'POST',
      url: `${path}/cards`,
      headers: { host: VAULT_HOST, ...(origin === null ? {} : { origin }) },
      payload: body as Record<string, unknown>,
    });
  const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
  const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

  it('serves the frame on the vault’s host only: elsewhere the address is the portal’s', async () => {
    const { path } = await frame();
    expect((await open(path, PORTAL_HOST)).body).toBe(PORTAL_PAGE);
    const page = await open(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('autocomplete="cc-number"');
  });

  it('answers nothing else on the vault’s host', async () => {
    for (const url of [
      '/',
      '/monitored-data',
      '/index.html',
      '/api/v1/ping',
      '/card-frame',
      '/card-frame/x/y',
    ]) {
      const answer = await open(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body).not.toContain('portal');
    }
    expect((await open('/api/v1/ping', PORTAL_HOST)).json()).toEqual({ pong: true });
    expect((await open('/index.html', 'VAULT.localhost:3000')).statusCode).toBe(404);
    const post = await app.inject({ method: 'POST', url: '/x', headers: { host: VAULT_HOST } });
    expect(post.statusCode).toBe(404);
  });

  it('forbids everything but its script, its own style and the vault, framed by its portal only', async () => {
    const { path } = await frame();
    const page = await open(path);
    const style = styleOf(page.body);
    expect(page.headers['content-security-policy']).toBe(
      `default-src 'none'; script-src 'self'; style-src 'sha256-${sha256(style)}'; connect-src 'self'; frame-ancestors ${PORTAL_ORIGIN}; base-uri 'none'; form-action 'none'`,
    );
    // Helmet's SAMEORIGIN would contradict the policy's frame-ancestors.
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['cache-control']).toBe('no-store');
    // The texts are data, not code; the one script is the vault's file.
    expect(page.body.match(/<script[^>]*>/g)).toEqual([
      '<script id="card-texts" type="application/json">',
      expect.stringMatching(/^<script src="\/card-frame\/frame\.js\?v=[\w-]+">$/),
    ]);
  });

  it('carries the portal’s origin as data and its style sheet after its own, unable to end it', async () => {
    const { path } = await frame('label{color:#123456} .error::before{content:"<"}');
    const page = await open(path);
    expect(page.body).toContain(`data-origin="${PORTAL_ORIGIN}"`);
    expect(styleOf(page.body)).toMatch(
      /label\{color:#123456\} \.error::before\{content:"\\3c "\}$/,
    );
  });

  it('is written in the language asked for, English when the vault has none', async () => {
    const { path } = await frame();
    const es = (await open(`${path}?lang=es`)).body;
    expect(es).toContain('<html lang="es">');
    expect(es).toContain('>Número de tarjeta</label>');
    expect(es).toContain('Introduce un número de tarjeta válido.');
    expect(es).toContain('Este campo es obligatorio.');
    const fr = (await open(`${path}?lang=fr`)).body;
    expect(fr).toContain('>Numéro de carte</label>');
    expect(fr).toContain('Saisissez un numéro de carte valide.');
    for (const lang of ['', 'xx', '<b>'])
      expect((await open(`${path}?lang=${encodeURIComponent(lang)}`)).body).toContain(
        '>Card number</label>',
      );
  });

  it('says the form expired, with 404, once the frame’s time is up or for an unknown address', async () => {
    const { path } = await frame();
    clock.advance(CARD_FRAME_TTL_MS + 1);
    const expired = await open(`${path}?lang=es`);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain(
      'Este formulario de tarjeta ha caducado. Ciérralo y vuelve a abrirlo.',
    );
    expect(expired.body).not.toContain('<script');
    expect(expired.headers['content-security-policy']).toContain(
      `frame-ancestors ${PORTAL_ORIGIN}`,
    );
    const unknown = await open(`/card-frame/${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This card entry form has expired.');
    expect(unknown.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('tokenises a good number: a token and the masked number, never the number', async () => {
    const { path } = await frame();
    const answer = await send(path, { number: TYPED });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({
      token: expect.stringMatching(/^tok_[\w-]{43}$/),
      displayValue: '**** 4242',
    });
    expect(answer.body).not.toContain(DIGITS);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('refuses a bad or missing number with the rule’s message, naming no number', async () => {
    const { path } = await frame();
    for (const [body, message] of [
      [{ number: '4242 4242 4242 4241' }, 'validation.invalidCardNumber'],
      [{ number: '4242x4242x4242x4242' }, 'validation.invalidCardNumber'],
      [{ number: '' }, 'validation.required'],
      [{ number: 4242424242424242 }, 'validation.required'],
      [{}, 'validation.required'],
    ] as const) {
      const answer = await send(path, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'number',
        details: [{ field: 'number', message }],
      });
      expect(answer.body).not.toContain('4241');
    }
  });

  it('takes numbers from the vault’s own pages only, and from a live frame only', async () => {
    const { path } = await frame();
    for (const origin of [PORTAL_ORIGIN, 'null', null]) {
      const answer = await send(path, { number: TYPED }, origin);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'CARD_FRAME_INVALID' });
    }
    const unknown = await send(`/card-frame/${'A'.repeat(43)}`, { number: TYPED });
    expect(unknown.json()).toMatchObject({ status: 403, code: 'CARD_FRAME_INVALID' });
    clock.advance(CARD_FRAME_TTL_MS);
    const expired = await send(path, { number: TYPED });
    expect(expired.json()).toMatchObject({ status: 403, code: 'CARD_FRAME_INVALID' });
  });

  it(`tokenises ${FRAME_MAX_CARDS} numbers in one frame, and no more`, async () => {
    const { path } = await frame();
    for (let i = 0; i < FRAME_MAX_CARDS; i++)
      expect((await send(path, { number: TYPED })).statusCode).toBe(201);
    expect((await send(path, { number: TYPED })).json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another frame of the same user is not held back by this one.
    expect((await send((await frame()).path, { number: TYPED })).statusCode).toBe(201);
  });

  it('serves its script, kept by browsers under the address the page gives', async () => {
    const { path } = await frame();
    const address = /<script src="([^"]+)"/.exec((await open(path)).body)![1]!;
    const script = await app.inject({
      method: 'GET',
      url: address,
      headers: { host: VAULT_HOST, 'accept-encoding': 'gzip' },
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const code =
      script.headers['content-encoding'] === 'gzip'
        ? gunzipSync(script.rawPayload).toString()
        : script.body;
    expect(code).toContain('tern-card-frame');
    const unversioned = await open('/card-frame/frame.js');
    expect(unversioned.headers['cache-control']).toBe('no-cache');
  });

  it('keeps no card number in any column of the vault’s tables, nor in its log', async () => {
    const { path, url } = await frame();
    await send(path, { number: TYPED });
    await send(path, { number: DIGITS });
    await send(path, { number: '4242-4242-4242-4241' });
    const tables = await database.db.execute<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns where table_name like 'card_vault_%'`,
    );
    expect(new Set(tables.rows.map((row) => row.table_name))).toEqual(
      new Set(['card_vault_frames', 'card_vault_cards']),
    );
    let cells = 0;
    for (const { table_name: table, column_name: column } of tables.rows) {
      const values = await database.db.execute<{ value: string | null }>(
        sql`select ${sql.identifier(column)}::text as value from ${sql.identifier(table)}`,
      );
      for (const { value } of values.rows) {
        cells += 1;
        for (const number of [DIGITS, TYPED, '4242-4242-4242-4241', '424242424242424'])
          expect(value ?? '', `${table}.${column}`).not.toContain(number);
      }
    }
    expect(cells).toBeGreaterThan(20);
    const written = log.join('');
    expect(written).toContain('"url":"/card-frame/[Redacted]/cards"');
    for (const secret of [DIGITS, TYPED, '4242-4242-4242-4241', new URL(url).pathname.slice(12)])
      expect(written).not.toContain(secret);
  });
});
