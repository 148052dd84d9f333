import type { Readable } from 'node:stream';

/** What a scan found: nothing, or malware by its signature's name (`Eicar-Test-Signature`). */
export type ScanResult = { clean: true } | { clean: false; signature: string };

/**
 * Malware scanning of uploaded files (SCANNER_PROVIDER): the simulator, or a ClamAV daemon.
 * A scan that cannot be made (the scanner is down) throws, so the file stays unserved and the
 * job retries; it never counts as clean.
 */
export interface ScannerPort {
  scan(body: Readable | Buffer): Promise<ScanResult>;
}

/**
 * The EICAR anti-virus test file (eicar.org): harmless, and flagged by every scanner, so a
 * test can prove infected files are quarantined. Written in two halves so this source file is
 * not itself flagged.
 */
export const EICAR = `X5O!P%@AP[4\\PZX54(P^)7CC)7}$${'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'}`;
