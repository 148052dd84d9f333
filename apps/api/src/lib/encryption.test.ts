import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createEncryption, encryptionKey } from './encryption.ts';

describe('encryption', () => {
  const key = randomBytes(32);
  const encryption = createEncryption(key);

  it('reads back what it wrote, without the plaintext showing', () => {
    const value = encryption.encrypt('JBSWY3DPEHPK3PXP');
    expect(value).toMatch(/^v1\./);
    expect(value).not.toContain('JBSWY3DPEHPK3PXP');
    expect(encryption.decrypt(value)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('gives a different value each time for the same plaintext', () => {
    expect(encryption.encrypt('same')).not.toBe(encryption.encrypt('same'));
  });

  it('refuses a value altered by one character', () => {
    const value = encryption.encrypt('secret');
    const parts = value.split('.');
    const body = parts[3]!;
    parts[3] = (body[0] === 'A' ? 'B' : 'A') + body.slice(1);
    expect(() => encryption.decrypt(parts.join('.'))).toThrow();
  });

  it('refuses a value whose tag was cut short', () => {
    const parts = encryption.encrypt('secret').split('.');
    parts[2] = Buffer.from(parts[2]!, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => encryption.decrypt(parts.join('.'))).toThrow('Not an encrypted value');
  });

  it('refuses a value made with another key', () => {
    const other = createEncryption(randomBytes(32));
    expect(() => other.decrypt(encryption.encrypt('secret'))).toThrow();
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => createEncryption(randomBytes(16))).toThrow(/32 bytes/);
    expect(() => encryptionKey({ key: 'c2hvcnQ=', dataDir: '/nonexistent' })).toThrow(
      /ENCRYPTION_KEY/,
    );
  });
});

describe('encryptionKey', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'tern-key-'));
    dirs.push(dir);
    return dir;
  };

  it('uses ENCRYPTION_KEY when given', () => {
    const key = randomBytes(32);
    expect(encryptionKey({ key: key.toString('base64'), dataDir: tempDir() })).toEqual(key);
  });

  it('without ENCRYPTION_KEY creates a key file once, private, and reuses it', () => {
    const dataDir = join(tempDir(), 'nested');
    const first = encryptionKey({ dataDir });
    const file = join(dataDir, 'encryption.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toEqual(first);
    expect(encryptionKey({ dataDir })).toEqual(first);
    // What one run encrypted, the next run reads.
    const value = createEncryption(first).encrypt('kept');
    expect(createEncryption(encryptionKey({ dataDir })).decrypt(value)).toBe('kept');
  });
});
