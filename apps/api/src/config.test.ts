import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { walletCertificates, walletConfig } from '../test/wallet-certs.ts';
import { ConfigError, WALLET_SETTINGS, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults: port 3000, the embedded server under ./.data, default partner travel', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe(fileURLToPath(new URL('../../../.data', import.meta.url)));
    expect(config.DEFAULT_PARTNER_ID).toBe('travel');
  });

  describe('document storage and scanning', () => {
    it('keeps documents on disk and scans with the simulator by default', () => {
      const config = loadConfig({});
      expect(config.STORAGE_PROVIDER).toBe('disk');
      expect(config.SCANNER_PROVIDER).toBe('simulator');
    });

    it('takes a bucket with its settings, and clamd with its socket', () => {
      const config = loadConfig({
        STORAGE_PROVIDER: 's3',
        S3_BUCKET: 'tern-documents',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        SCANNER_PROVIDER: 'clamd',
        CLAMD_URL: 'unix:///run/clamav/clamd.ctl',
      });
      expect(config.S3_FORCE_PATH_STYLE).toBe(true);
      expect(loadConfig({ CLAMD_URL: 'tcp://clamav:3310' }).CLAMD_URL).toBe('tcp://clamav:3310');
    });

    it('refuses s3 without a bucket, half a key pair, and clamd without its socket', () => {
      expect(() => loadConfig({ STORAGE_PROVIDER: 's3' })).toThrow(
        /S3_BUCKET.*required with STORAGE_PROVIDER=s3/,
      );
      expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
      expect(() => loadConfig({ SCANNER_PROVIDER: 'clamd' })).toThrow(/CLAMD_URL/);
      expect(() => loadConfig({ CLAMD_URL: 'http://clamav' })).toThrow(/CLAMD_URL/);
      expect(() => loadConfig({ S3_BUCKET: 'No_Such' })).toThrow(/S3_BUCKET/);
    });

    it('never shows the bucket secret in an error', () => {
      expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: 'hunter2' })).toThrow(/S3_ACCESS_KEY_ID/);
      expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: 'hunter2' })).not.toThrow(/hunter2/);
      expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: '' })).toThrow(
        /S3_SECRET_ACCESS_KEY="\*\*\*"/,
      );
    });
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

  it('seeds the demo world outside production only, and refuses it in production', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: key }).SEED_DEMO).toBe(false);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: key, SEED_DEMO: 'true' }),
    ).toThrow(/SEED_DEMO="true": refused in production: the demo accounts have published/);
  });

  it('refuses an ENCRYPTION_KEY that is not 32 bytes of base64', () => {
    expect(() => loadConfig({ ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      /ENCRYPTION_KEY.*32 bytes, base64/,
    );
  });

  it('believes no proxy by default; TRUST_PROXY takes true, hops, or addresses and ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      '::1',
    ]);
    for (const bad of ['yes', '10.0.0.0/8,proxy.local', '300.1.1.1', '10.0.0.0/'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  describe('the flights provider', () => {
    it('is the simulator by default, with AeroDataBox at RapidAPI ready to be chosen', () => {
      const config = loadConfig({});
      expect(config).toMatchObject({
        FLIGHTS_PROVIDER: 'simulator',
        AERODATABOX_URL: 'https://aerodatabox.p.rapidapi.com',
      });
      expect(config.AERODATABOX_API_KEY).toBeUndefined();
      expect(() => loadConfig({ FLIGHTS_PROVIDER: 'flightaware' })).toThrow(/FLIGHTS_PROVIDER/);
    });

    it('refuses FLIGHTS_PROVIDER=aerodatabox without AERODATABOX_API_KEY, saying what it is', () => {
      expect(() => loadConfig({ FLIGHTS_PROVIDER: 'aerodatabox' })).toThrow(
        /AERODATABOX_API_KEY=undefined: required with FLIGHTS_PROVIDER=aerodatabox: the API key/,
      );
      expect(() =>
        loadConfig({ FLIGHTS_PROVIDER: 'aerodatabox', AERODATABOX_API_KEY: '' }),
      ).toThrow(/AERODATABOX_API_KEY/);
      expect(
        loadConfig({ FLIGHTS_PROVIDER: 'aerodatabox', AERODATABOX_API_KEY: 'k3y' }),
      ).toMatchObject({ FLIGHTS_PROVIDER: 'aerodatabox', AERODATABOX_API_KEY: 'k3y' });
      // The simulator needs no key.
      expect(loadConfig({ FLIGHTS_PROVIDER: 'simulator' }).FLIGHTS_PROVIDER).toBe('simulator');
    });

    it('takes another AERODATABOX_URL, https only in production', () => {
      const env = {
        FLIGHTS_PROVIDER: 'aerodatabox',
        AERODATABOX_API_KEY: 'k3y-s3cret',
        AERODATABOX_URL: 'http://127.0.0.1:4010',
      };
      expect(loadConfig(env).AERODATABOX_URL).toBe('http://127.0.0.1:4010');
      const production = {
        ...env,
        NODE_ENV: 'production',
        ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      };
      expect(() => loadConfig(production)).toThrow(
        /AERODATABOX_URL="http:\/\/127.0.0.1:4010": must be https in production/,
      );
      expect(() => loadConfig(production)).not.toThrow(/k3y-s3cret/);
      expect(() => loadConfig({ AERODATABOX_URL: 'ftp://host' })).toThrow(/AERODATABOX_URL/);
    });
  });

  describe('email and SMS providers', () => {
    const smtp = 'smtps://mailer:Pa55word@smtp.example.com:465';
    const sms = 'https://AC123:tw1l10-token@api.twilio.com/2010-04-01/Accounts/AC123/Messages.json';

    it('accepts an SMTP server with a sender, and a Twilio endpoint with a number', () => {
      const config = loadConfig({
        SMTP_URL: smtp,
        MAIL_FROM: 'notifications@tern.example',
        SMS_URL: sms,
        SMS_FROM: '+15005550006',
      });
      expect(config).toMatchObject({ SMTP_URL: smtp, SMS_URL: sms, SMS_FROM: '+15005550006' });
      expect(
        loadConfig({ SMTP_URL: 'smtp://localhost:1025', MAIL_FROM: 'a@b.example' }).SMTP_URL,
      ).toBe('smtp://localhost:1025');
      // Neither is needed: messages then stay in the outbox.
      const none = loadConfig({});
      expect([none.SMTP_URL, none.SMS_URL]).toEqual([undefined, undefined]);
    });

    it('refuses SMTP_URL without MAIL_FROM, saying what MAIL_FROM is', () => {
      expect(() => loadConfig({ SMTP_URL: smtp })).toThrow(
        /MAIL_FROM=undefined: required with SMTP_URL: the sender address/,
      );
      expect(() => loadConfig({ SMTP_URL: smtp, MAIL_FROM: 'not an address' })).toThrow(
        /MAIL_FROM/,
      );
    });

    it('refuses an SMTP_URL that is not smtp:// or smtps://, without showing its password', () => {
      for (const url of ['https://mailer:Pa55word@smtp.example.com', 'mailto:a@b.example']) {
        const attempt = () => loadConfig({ SMTP_URL: url, MAIL_FROM: 'a@b.example' });
        expect(attempt).toThrow(/SMTP_URL=.*an smtp:\/\/ or smtps:\/\/ URL/);
        expect(attempt).not.toThrow(/Pa55word/);
      }
    });

    it('refuses SMS_URL without an E.164 SMS_FROM', () => {
      expect(() => loadConfig({ SMS_URL: sms })).toThrow(
        /SMS_FROM=undefined: required with SMS_URL/,
      );
      expect(() => loadConfig({ SMS_URL: sms, SMS_FROM: '4165550100' })).toThrow(
        /SMS_FROM.*E\.164/,
      );
    });

    it('refuses an SMS_URL that is not https in production, without showing its token', () => {
      const env = {
        NODE_ENV: 'production',
        ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
        SMS_URL: sms.replace('https:', 'http:'),
        SMS_FROM: '+15005550006',
      };
      expect(() => loadConfig(env)).toThrow(
        /SMS_URL="http:\/\/AC123:\*\*\*@api.twilio.com.*must be https/,
      );
      expect(() => loadConfig(env)).not.toThrow(/tw1l10-token/);
      expect(() => loadConfig({ SMS_URL: 'ftp://x:y@host/', SMS_FROM: '+15005550006' })).toThrow(
        /SMS_URL/,
      );
    });
  });

  describe('wallet signing', () => {
    const certs = walletCertificates();
    const wallet = walletConfig(certs);

    it('is off with none of the WALLET_ settings, on with all of them', () => {
      const none = loadConfig({});
      for (const name of WALLET_SETTINGS) expect(none[name], name).toBeUndefined();
      expect(loadConfig(wallet)).toMatchObject({
        WALLET_PASS_TYPE_ID: 'pass.example.tern.lounge',
        WALLET_TEAM_ID: 'TERNTEST01',
        WALLET_SIGNER_CERT: certs.signerCert,
        WALLET_SIGNER_KEY: certs.signerKey,
        WALLET_WWDR_CERT: certs.wwdr,
      });
    });

    it('refuses some of them without the others, naming each one missing', () => {
      const attempt = () =>
        loadConfig({
          WALLET_PASS_TYPE_ID: 'pass.example.tern.lounge',
          WALLET_TEAM_ID: 'TERNTEST01',
        });
      expect(attempt).toThrow(ConfigError);
      for (const missing of ['WALLET_SIGNER_CERT', 'WALLET_SIGNER_KEY', 'WALLET_WWDR_CERT'])
        expect(attempt).toThrow(
          new RegExp(
            `${missing}=undefined: required with WALLET_PASS_TYPE_ID, WALLET_TEAM_ID: the wallet signing settings go together`,
          ),
        );
      expect(attempt).not.toThrow(/WALLET_TEAM_ID=undefined/);
      // A passphrase alone is some of them too; its value is never shown.
      const passphraseOnly = () => loadConfig({ WALLET_SIGNER_KEY_PASSPHRASE: 'hunter2' });
      expect(passphraseOnly).toThrow(
        /WALLET_PASS_TYPE_ID=undefined: required with WALLET_SIGNER_KEY_PASSPHRASE/,
      );
      expect(passphraseOnly).not.toThrow(/hunter2/);
    });

    it('reads PEM files by path, and one-line PEM text with \\n escapes', () => {
      const dir = mkdtempSync(join(tmpdir(), 'tern-wallet-'));
      const file = (name: string, text: string) => {
        writeFileSync(join(dir, name), text);
        return join(dir, name);
      };
      const config = loadConfig({
        ...wallet,
        WALLET_SIGNER_CERT: file('signer.pem', certs.signerCert),
        WALLET_SIGNER_KEY: file('signer.key', certs.signerKey),
        WALLET_WWDR_CERT: certs.wwdr.replace(/\r?\n/g, '\\n'),
      });
      expect(config.WALLET_SIGNER_CERT).toBe(certs.signerCert);
      expect(config.WALLET_SIGNER_KEY).toBe(certs.signerKey);
      expect(config.WALLET_WWDR_CERT?.replace(/\r/g, '')).toBe(certs.wwdr.replace(/\r/g, ''));
      expect(() => loadConfig({ ...wallet, WALLET_WWDR_CERT: join(dir, 'absent.pem') })).toThrow(
        /WALLET_WWDR_CERT=".*absent.pem": no file to read there, nor PEM text/,
      );
      expect(() => loadConfig({ ...wallet, WALLET_SIGNER_CERT: certs.signerKey })).toThrow(
        /WALLET_SIGNER_CERT="-----BEGIN RSA PRIVATE KEY-----…": not a PEM certificate/,
      );
    });

    it('opens an encrypted key with its passphrase, and refuses a key that is not the certificate’s, never showing a key', () => {
      const encrypted = { ...wallet, WALLET_SIGNER_KEY: certs.encryptedSignerKey };
      expect(
        loadConfig({ ...encrypted, WALLET_SIGNER_KEY_PASSPHRASE: certs.passphrase })
          .WALLET_SIGNER_KEY_PASSPHRASE,
      ).toBe(certs.passphrase);
      const wrong = () => loadConfig({ ...encrypted, WALLET_SIGNER_KEY_PASSPHRASE: 'wrong' });
      expect(wrong).toThrow(
        /WALLET_SIGNER_KEY="\*\*\*": cannot be read: not a private key, or WALLET_SIGNER_KEY_PASSPHRASE/,
      );
      expect(wrong).not.toThrow(/PRIVATE KEY-----/);
      expect(() => loadConfig({ ...wallet, WALLET_SIGNER_KEY: certs.otherKey })).toThrow(
        /WALLET_SIGNER_KEY="\*\*\*": is not the key of WALLET_SIGNER_CERT/,
      );
      expect(() => loadConfig({ ...wallet, WALLET_TEAM_ID: 'team' })).toThrow(
        /WALLET_TEAM_ID="team": ten capital letters and digits/,
      );
    });
  });
});
