import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFingerprints, fingerprintsFor } from './fingerprints.ts';

const key = (n: number) => Buffer.alloc(32, n).toString('base64');
const config = (over: { FINGERPRINT_KEY?: string; ENCRYPTION_KEY?: string } = {}) => ({
  DATA_DIR: '/nonexistent-never-written',
  ENCRYPTION_KEY: key(1),
  FINGERPRINT_KEY: undefined,
  ...over,
});

describe('keyed fingerprints of identifiers', () => {
  it('hashes one identifier typed two ways the same, and types apart', () => {
    const f = createFingerprints(Buffer.alloc(32, 5));
    expect(f.of('EMAIL_ADDRESS', ' Uma@Example.com')).toBe(
      f.of('EMAIL_ADDRESS', 'uma@example.com'),
    );
    expect(f.of('CARD', '4242 4242 4242 4242')).toBe(f.of('CARD', '4242-4242-4242-4242'));
    expect(f.of('PHONE_NUMBER', '07911 123456', ['GB'])).toBe(
      f.of('PHONE_NUMBER', '+44 7911 123456'),
    );
    expect(f.of('PASSPORT', '925076473')).not.toBe(f.of('NATIONAL_ID', '925076473'));
    // Keyed: without the key the hash of a guess does not match.
    expect(f.of('EMAIL_ADDRESS', 'uma@example.com')).not.toBe(
      createHmac('sha256', Buffer.alloc(32, 6))
        .update('EMAIL_ADDRESS:uma@example.com')
        .digest('hex'),
    );
  });

  it('uses FINGERPRINT_KEY, else a key derived from the encryption key (never that key)', () => {
    const own = fingerprintsFor(config({ FINGERPRINT_KEY: key(2) }));
    const derived = fingerprintsFor(config());
    const plainMaster = createFingerprints(Buffer.alloc(32, 1));
    const value = 'uma@example.com';
    expect(own.of('EMAIL_ADDRESS', value)).toBe(
      createFingerprints(Buffer.alloc(32, 2)).of('EMAIL_ADDRESS', value),
    );
    expect(derived.of('EMAIL_ADDRESS', value)).not.toBe(plainMaster.of('EMAIL_ADDRESS', value));
    expect(derived.of('EMAIL_ADDRESS', value)).toBe(
      fingerprintsFor(config()).of('EMAIL_ADDRESS', value),
    );
    expect(fingerprintsFor(config({ ENCRYPTION_KEY: key(3) })).of('EMAIL_ADDRESS', value)).not.toBe(
      derived.of('EMAIL_ADDRESS', value),
    );
  });

  it('refuses a key that is not 32 bytes of base64', () => {
    expect(() => fingerprintsFor(config({ FINGERPRINT_KEY: 'c2hvcnQ=' }))).toThrow(
      /FINGERPRINT_KEY/,
    );
  });
});
