import type { Config } from '../config.ts';
import { fingerprintsFor } from './fingerprints.ts';
import { createEncryption, encryptionKey, type Encryption } from './encryption.ts';

/** The encryption of this installation, from ENCRYPTION_KEY or the development key file. */
export const encryptionFor = (config: Pick<Config, 'ENCRYPTION_KEY' | 'DATA_DIR'>): Encryption =>
  createEncryption(encryptionKey({ key: config.ENCRYPTION_KEY, dataDir: config.DATA_DIR }));

/** The installation's keys: its encryption and its keyed hashes of identifiers. */
export const keysFor = (
  config: Pick<Config, 'ENCRYPTION_KEY' | 'FINGERPRINT_KEY' | 'DATA_DIR'>,
) => ({
  encryption: encryptionFor(config),
  fingerprints: fingerprintsFor(config),
});
export type Keys = ReturnType<typeof keysFor>;
