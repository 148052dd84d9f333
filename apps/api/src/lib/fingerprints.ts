import { createHmac, hkdfSync } from 'node:crypto';
import {
  MONITORING_COUNTRIES,
  normalizeIdentifier,
  type MonitoredDataType,
  type MonitoringCountry,
} from '@tern/domain';
import type { Config } from '../config.ts';
import { KEY_BYTES, encryptionKey, parseKey } from './encryption.ts';

/**
 * Keyed hashes of identifiers (issue 29): how a monitored value is matched against breach
 * records without being kept in plaintext. HMAC-SHA256 with a key of its own over the type and
 * the value's one normalised form (domain `normalizeIdentifier`): the same identifier typed two
 * ways hashes the same, and a dump of the database without the key confirms no guess.
 */
export interface Fingerprints {
  of(dataType: MonitoredDataType, value: string, countries?: readonly MonitoringCountry[]): string;
}

export function createFingerprints(key: Buffer): Fingerprints {
  return {
    of: (dataType, value, countries = MONITORING_COUNTRIES) =>
      createHmac('sha256', key)
        .update(`${dataType}:${normalizeIdentifier(dataType, value, countries)}`)
        .digest('hex'),
  };
}

/** The label that sets the derived fingerprint key apart from any other use of the master key. */
const DERIVED = 'tern/monitoring/fingerprints/v1';

/**
 * The fingerprints of this installation: FINGERPRINT_KEY, or a key derived from the encryption
 * key (HKDF-SHA256 with a label of its own: never the encryption key itself).
 */
export const fingerprintsFor = (
  config: Pick<Config, 'FINGERPRINT_KEY' | 'ENCRYPTION_KEY' | 'DATA_DIR'>,
) => {
  const own = config.FINGERPRINT_KEY ? parseKey(config.FINGERPRINT_KEY) : null;
  if (config.FINGERPRINT_KEY && !own)
    throw new Error(`FINGERPRINT_KEY must be ${KEY_BYTES} bytes, base64`);
  const master = encryptionKey({ key: config.ENCRYPTION_KEY, dataDir: config.DATA_DIR });
  return createFingerprints(
    own ?? Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), DERIVED, KEY_BYTES)),
  );
};
