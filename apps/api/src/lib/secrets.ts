import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 hex of a high-entropy secret: enough for lookup; slow hashing is for passwords. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A random token with `bytes` of entropy, URL-safe. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
