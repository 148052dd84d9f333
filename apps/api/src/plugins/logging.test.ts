import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { accountsContracts, partnersContracts } from '@tern/domain';
import { demoPartner, useTestApp } from '../../test/app.ts';
import { urlOf } from '../../test/urls.ts';
import { redactUrl } from './logging.ts';

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

  it("keep a failed query's SQL but not its parameters", () => {
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
    expect(log).toContain('insert into users');
    expect(log).toContain('params: [Redacted]');
    expect(log).not.toContain('ada@example.com');
  });
});

describe('redactUrl', () => {
  it('keeps ordinary paths and queries as they are', () => {
    const url = urlOf(partnersContracts.client, {}, { domain: 'travel.localhost' });
    expect(redactUrl(url)).toBe(url);
  });
});
