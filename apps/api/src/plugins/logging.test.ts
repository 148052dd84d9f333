import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
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
    await t.app.inject({
      url: '/api/v1/platform/user/sso/eyJsecret.token.value?code=123456',
      headers: { 'api-key': 'tern_pk_travel_demo', authorization: 'Bearer very-secret-session' },
    });
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('/sso/[Redacted]');
    expect(log).not.toContain('tern_pk_travel_demo');
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
});

describe('redactUrl', () => {
  it('keeps ordinary paths and queries as they are', () => {
    expect(redactUrl('/api/v1/platform/client?domain=travel.localhost')).toBe(
      '/api/v1/platform/client?domain=travel.localhost',
    );
  });
});
