import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults: port 3000, the embedded server under ./.data, default partner travel', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe(fileURLToPath(new URL('../../../.data', import.meta.url)));
    expect(config.DEFAULT_PARTNER_ID).toBe('travel');
  });

  it('refuses a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('takes a relative DATA_DIR from where the command was typed', () => {
    const before = process.env.INIT_CWD;
    process.env.INIT_CWD = '/srv/tern';
    try {
      expect(loadConfig({ DATA_DIR: './state' }).DATA_DIR).toBe('/srv/tern/state');
    } finally {
      if (before === undefined) delete process.env.INIT_CWD;
      else process.env.INIT_CWD = before;
    }
  });

  it('accepts a PostgreSQL URL', () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/tern' }).DATABASE_URL,
    ).toContain('127.0.0.1');
  });

  it('refuses to start in production without ENCRYPTION_KEY, saying how to make one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /ENCRYPTION_KEY=undefined: required in production.*openssl rand -base64 32/,
    );
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: key }).ENCRYPTION_KEY).toBe(key);
    // Development and tests fall back to a key file under DATA_DIR.
    expect(loadConfig({ NODE_ENV: 'development' }).ENCRYPTION_KEY).toBeUndefined();
  });

  it('refuses an ENCRYPTION_KEY that is not 32 bytes of base64', () => {
    expect(() => loadConfig({ ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      /ENCRYPTION_KEY.*32 bytes, base64/,
    );
  });
});
