import { createHmac } from 'node:crypto';
import {
  MONITORING_COUNTRIES,
  normalizeIdentifier,
  type MonitoredDataType,
  type MonitoringCountry,
} from '@tern/domain';
import type { Config } from '../config.ts';
import { encryptionKey } from './encryption.ts';

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

/** The fingerprints of this installation: FINGERPRINT_KEY, or the development key file. */
export const fingerprintsFor = (config: Pick<Config, 'FINGERPRINT_KEY' | 'DATA_DIR'>) =>
  createFingerprints(
    encryptionKey({
      key: config.FINGERPRINT_KEY,
      dataDir: config.DATA_DIR,
      file: 'fingerprint.key',
      setting: 'FINGERPRINT_KEY',
    }),
  );
