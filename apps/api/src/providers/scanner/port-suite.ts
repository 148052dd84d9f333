import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EICAR, type ScannerPort } from './port.ts';

/**
 * What every scanner must do, the simulator and clamd alike: run it with
 * `scannerPortSuite('clamd', async () => ({ port, close }))`.
 */
export function scannerPortSuite(
  name: string,
  open: () => Promise<{ port: ScannerPort; close: () => Promise<void> }>,
) {
  describe(`scanner port: ${name}`, () => {
    let subject: Awaited<ReturnType<typeof open>>;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(() => subject.close());

    it('passes an ordinary file', async () => {
      expect(await subject.port.scan(Buffer.from('%PDF-1.7 an ordinary file'))).toEqual({
        clean: true,
      });
    });

    it('flags the EICAR test file, naming the signature', async () => {
      const result = await subject.port.scan(Buffer.from(EICAR));
      expect(result.clean).toBe(false);
      expect(result.clean ? '' : result.signature).toMatch(/eicar/i);
    });

    it('scans a stream of many chunks, larger than one protocol chunk', async () => {
      const chunks = Array.from({ length: 20 }, (_, i) => Buffer.alloc(50_000, i));
      expect(await subject.port.scan(Readable.from(chunks))).toEqual({ clean: true });
    });

    it('passes an empty file', async () => {
      expect(await subject.port.scan(Buffer.alloc(0))).toEqual({ clean: true });
    });
  });
}
