import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Encryption of secrets the server must read back (TOTP secrets, partner SSO secrets):
 * AES-256-GCM, a fresh 96-bit IV per value, the tag authenticating it. A value reads
 * `v1.<iv>.<tag>.<ciphertext>` (base64url), the version leaving room for key rotation.
 */
const VERSION = 'v1';
export const KEY_BYTES = 32;
/** The full 128-bit GCM tag: Node would otherwise accept a tag cut down to 4 bytes. */
const TAG_BYTES = 16;

export interface Encryption {
  encrypt(plaintext: string): string;
  /** Throws when the value was altered or made with another key. */
  decrypt(value: string): string;
}

export function createEncryption(key: Buffer): Encryption {
  if (key.length !== KEY_BYTES) throw new Error(`An encryption key has ${KEY_BYTES} bytes`);
  return {
    encrypt(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    decrypt(value) {
      const [version, iv, tag, body] = value.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined)
        throw new Error('Not an encrypted value');
      const authTag = Buffer.from(tag, 'base64url');
      if (authTag.length !== TAG_BYTES) throw new Error('Not an encrypted value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAuthTag(authTag);
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/** A 32-byte key from base64, or null when the text is not one. */
export function parseKey(base64: string): Buffer | null {
  const key = Buffer.from(base64.trim(), 'base64');
  return key.length === KEY_BYTES ? key : null;
}

/**
 * The key of this installation: ENCRYPTION_KEY when set (production requires it, see
 * config.ts); otherwise, in development and tests, a random key kept in
 * `<dataDir>/encryption.key`, created on first use, so data encrypted by one run stays
 * readable by the next.
 */
export function encryptionKey(options: {
  key?: string | undefined;
  dataDir: string;
  /** The key file's name under dataDir, and the setting's name in messages. */
  file?: string;
  setting?: string;
}): Buffer {
  if (options.key) {
    const key = parseKey(options.key);
    if (!key)
      throw new Error(`${options.setting ?? 'ENCRYPTION_KEY'} must be ${KEY_BYTES} bytes, base64`);
    return key;
  }
  const file = join(options.dataDir, options.file ?? 'encryption.key');
  if (!existsSync(file)) {
    mkdirSync(options.dataDir, { recursive: true });
    // 'wx': two processes starting together cannot overwrite each other's key.
    try {
      writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, {
        flag: 'wx',
        mode: 0o600,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    chmodSync(file, 0o600);
  }
  const key = parseKey(readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a ${KEY_BYTES}-byte base64 key`);
  return key;
}
