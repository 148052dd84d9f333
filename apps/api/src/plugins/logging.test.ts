import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountsContracts, partnersContracts } from '@tern/domain';
import { demoPartner, useTestApp } from '../../test/app.ts';
import { urlOf } from '../../test/urls.ts';
import Fastify from 'fastify';
import { testConfig } from '../config.ts';
import { registerErrorHandling } from './errors.ts';
import { loggerOptions, redactUrl } from './logging.ts';

describe('logs', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const t = useTestApp({ config: { LOG_LEVEL: 'info' }, logStream: stream });

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
    const app = Fastify({ logger: loggerOptions(testConfig({ LOG_LEVEL: 'info' }), stream) });
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

describe('redactUrl', () => {
  it('keeps ordinary paths and queries as they are', () => {
    const url = urlOf(partnersContracts.client, {}, { domain: 'travel.localhost' });
    expect(redactUrl(url)).toBe(url);
  });
});
