import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accountPages,
  accountsContracts,
  partnersContracts,
  payoutWidgetSchema,
  payoutsContracts,
} from '@tern/domain';
import { demoPartner, useTestApp } from '../../test/app.ts';
import { signIn } from '../../test/sign-in.ts';
import { urlOf } from '../../test/urls.ts';
import Fastify from 'fastify';
import { testConfig } from '../config.ts';
import { registerErrorHandling } from './errors.ts';
import { loggerOptions, urlRedaction } from './logging.ts';

/** A built portal of one page, so the API serves its pages (web/routes.ts) in this test. */
const webDist = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tern-web-'));
  writeFileSync(join(dir, 'index.html'), '<html><!--tern-runtime-config--></html>');
  return dir;
};

describe('logs', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const t = useTestApp({ config: { LOG_LEVEL: 'info', WEB_DIST: webDist() }, logStream: stream });
  /** The URL logged for the last request made (its "incoming request" line). */
  const loggedUrl = () =>
    lines
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url: string } })
      .findLast((line) => line.msg === 'incoming request')?.req?.url;

  it('never carry the api-key, the bearer token or a token in the path', async () => {
    const apiKey = demoPartner('travel').apiKey;
    await t.app.inject({
      url: urlOf(accountsContracts.sso, { token: 'eyJsecret.token.value' }, { code: '123456' }),
      headers: { 'api-key': apiKey, authorization: 'Bearer very-secret-session' },
    });
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('/sso/[Redacted]');
    expect(log).not.toContain(apiKey);
    expect(log).not.toContain('very-secret-session');
    expect(log).not.toContain('eyJsecret');
    expect(log).not.toContain('123456');
  });

  it('never carry a credential a path holds: invitation links, the payment-rails page, SSO', async () => {
    const linkId = 'inv1tat1on-l1nk-1d-that-must-stay-secret';
    const key = { 'api-key': demoPartner('travel').apiKey };
    const business = await signIn(t, 'business');
    const widget = await t.app.inject({
      url: urlOf(payoutsContracts.widget, {}, { userId: business.userId, lang: 'en' }),
      headers: business.headers,
    });
    const widgetPath = new URL(payoutWidgetSchema.parse(widget.json()).url).pathname;
    const widgetToken = widgetPath.split('/').at(-1)!;
    const requests = [
      { secret: linkId, url: urlOf(accountsContracts.link, { linkId }), headers: key },
      {
        secret: linkId,
        method: 'POST' as const,
        url: urlOf(accountsContracts.enrol, { linkId }),
        headers: key,
        payload: {},
      },
      // The enrolment page of the portal, which the invitation email links to.
      { secret: linkId, url: `${accountPages.enrol}/${linkId}` },
      { secret: widgetToken, url: `${widgetPath}?lang=en` },
      { secret: widgetToken, method: 'POST' as const, url: widgetPath, payload: {} },
      {
        secret: 'eyJhbGciOiJIUzI1NiJ9.e30.sig',
        url: urlOf(accountsContracts.sso, { token: 'eyJhbGciOiJIUzI1NiJ9.e30.sig' }),
        headers: key,
      },
      // A path no route takes, past the credential, and one the router cannot decode.
      { secret: linkId, url: `${urlOf(accountsContracts.link, { linkId })}/more`, headers: key },
      {
        secret: linkId,
        url: `${urlOf(accountsContracts.link, { linkId })}%ED%A0%80`,
        headers: key,
      },
    ];
    for (const { secret, ...request } of requests) {
      const before = lines.length;
      await t.app.inject(request);
      const url = loggedUrl();
      expect(url, request.url).toContain('[Redacted]');
      expect(lines.slice(before).join(''), request.url).not.toContain(secret);
    }
    expect(lines.join('')).not.toContain(widgetToken);
  });

  it('show the rest of a path as it is', async () => {
    const key = { 'api-key': demoPartner('travel').apiKey };
    const url = urlOf(partnersContracts.client, {}, { domain: 'travel.localhost' });
    await t.app.inject({ url, headers: key });
    expect(loggedUrl()).toBe(url);
    await t.app.inject({ url: '/help/faq' });
    expect(loggedUrl()).toBe('/help/faq');
  });

  it('blank passwords, card numbers and IBANs in logged objects', async () => {
    t.app.log.info(
      {
        body: {
          password: 'Hunter2!',
          iban: 'GB33BUKB20201555555555',
          cardNumber: '4111111111111111',
        },
      },
      'payload',
    );
    const log = lines.join('');
    expect(log).not.toContain('Hunter2!');
    expect(log).not.toContain('GB33BUKB20201555555555');
    expect(log).not.toContain('4111111111111111');
  });

  it("keep a failed query's SQL, class and code, but not its parameters or message", () => {
    const driverError = Object.assign(new Error('duplicate key'), {
      code: '23505',
      detail: 'Key (email_address)=(ada@example.com) already exists.',
    });
    const failed = Object.assign(
      new Error(
        'Failed query: insert into users (email_address) values ($1)\nparams: ada@example.com',
        { cause: driverError },
      ),
      { query: 'insert into users (email_address) values ($1)', params: ['ada@example.com'] },
    );
    t.app.log.error({ err: failed }, 'request failed');
    const log = lines.join('');
    expect(log).toContain('insert into users (email_address) values ($1)');
    expect(log).toContain('23505');
    expect(log).not.toContain('ada@example.com');
  });

  it('leave user data out when a real query fails under a request, giving its reference', async () => {
    // The API's own logger and error handler, around a query that fails on what a user typed.
    const app = Fastify({
      logger: loggerOptions(testConfig({ LOG_LEVEL: 'info' }), urlRedaction(), stream),
    });
    registerErrorHandling(app);
    const email = 'grace.hopper@example.com';
    app.get('/failing-query', async () => t.database.db.execute(sql`select ${email}::int as n`));
    const res = await app.inject({ url: '/failing-query' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(email);
    const line = lines.map((l) => JSON.parse(l)).findLast((l) => l.msg === 'request failed');
    expect(line).toMatchObject({
      reqId: expect.any(String),
      err: { errorCode: '22P02', query: 'select $1::int as n' },
    });
    expect(lines.join('')).not.toContain(email);
  });
});

describe('urlRedaction', () => {
  const redaction = urlRedaction();
  redaction.declare('/v9/sign-in/:token', ['token']);
  redaction.declare('/pay/:id/widget/:token', ['token']);

  it('blanks the declared parameters of a path, and the tokens and codes of a query', () => {
    expect(redaction.redact('/v9/sign-in/abc?x=1')).toBe('/v9/sign-in/[Redacted]?x=1');
    expect(redaction.redact('/pay/42/widget/abc')).toBe('/pay/42/widget/[Redacted]');
    expect(redaction.redact('/reset-password?token=abc&lang=fr')).toBe(
      '/reset-password?token=[Redacted]&lang=fr',
    );
  });

  it('keeps ordinary paths and queries as they are', () => {
    const url = urlOf(partnersContracts.client, {}, { domain: 'travel.localhost' });
    expect(redaction.redact(url)).toBe(url);
    expect(redaction.redact('/pay/42/widget')).toBe('/pay/42/widget');
  });

  it('blanks a declared query credential in every query, whatever the path', () => {
    redaction.declare('/files/:id/content', ['signature']);
    expect(redaction.redact('/files/7/content?user=u&signature=abc&expires=9')).toBe(
      '/files/7/content?user=u&signature=[Redacted]&expires=9',
    );
    expect(redaction.redact('/files/7/contents?signature=abc')).toBe(
      '/files/7/contents?signature=[Redacted]',
    );
    expect(redaction.redact('/files/7/content?signatures=abc')).toBe(
      '/files/7/content?signatures=abc',
    );
  });
});
