import type { Config } from '../../config.ts';
import { clamdScanner } from './clamd/index.ts';
import type { ScannerPort } from './port.ts';
import { simulatedScanner } from './simulator/index.ts';

export type { ScannerPort } from './port.ts';

/** What scans uploads (SCANNER_PROVIDER): the EICAR-only simulator, or clamd at CLAMD_URL. */
export function scannerProvider(
  config: Pick<Config, 'SCANNER_PROVIDER' | 'CLAMD_URL'>,
): ScannerPort {
  // The configuration refuses clamd without its address.
  return config.SCANNER_PROVIDER === 'clamd' ? clamdScanner(config.CLAMD_URL!) : simulatedScanner();
}
