import { Readable } from 'node:stream';
import { EICAR, type ScannerPort } from '../port.ts';

/** The name ClamAV gives the EICAR test file. */
export const EICAR_SIGNATURE = 'Eicar-Test-Signature';

/**
 * A scanner that flags the EICAR test string wherever it is in a file (the real ones find it
 * at the start; anywhere is the stricter reading) and passes everything else: for
 * development and tests, never a protection.
 */
export function simulatedScanner(): ScannerPort {
  const needle = Buffer.from(EICAR);
  return {
    async scan(body) {
      let tail = Buffer.alloc(0);
      for await (const chunk of Buffer.isBuffer(body) ? Readable.from([body]) : body) {
        // The string may straddle two chunks: keep the end of the last one.
        const window = Buffer.concat([tail, chunk as Buffer]);
        if (window.includes(needle)) return { clean: false, signature: EICAR_SIGNATURE };
        tail = window.subarray(Math.max(0, window.length - needle.length + 1));
      }
      return { clean: true };
    },
  };
}
