import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoragePort } from './port.ts';

/**
 * What every store must do, the disk and an S3-compatible bucket alike: run it with
 * `storagePortSuite('disk', async () => ({ port, close }))`.
 */
export function storagePortSuite(
  name: string,
  open: () => Promise<{ port: StoragePort; close: () => Promise<void> }>,
) {
  describe(`storage port: ${name}`, () => {
    let subject: Awaited<ReturnType<typeof open>>;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(() => subject.close());
    const key = () => `travel/${randomUUID()}`;
    const read = async (k: string) => {
      const stream = await subject.port.get(k);
      return stream ? buffer(stream) : undefined;
    };

    it('keeps bytes under a key and gives them back, with their size', async () => {
      const k = key();
      const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
      expect(await subject.port.put(k, bytes, 'application/octet-stream')).toEqual({ size: 7 });
      expect(await read(k)).toEqual(bytes);
      expect(await subject.port.size(k)).toBe(7);
    });

    it('takes a stream of unknown length, chunk by chunk', async () => {
      const k = key();
      const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(64 * 1024, i));
      const { size } = await subject.port.put(k, Readable.from(chunks), 'image/jpeg');
      expect(size).toBe(40 * 64 * 1024);
      // Compared as bytes: a deep equality of megabytes takes the test's whole time.
      expect((await read(k))?.equals(Buffer.concat(chunks))).toBe(true);
    });

    it('replaces what a key held', async () => {
      const k = key();
      await subject.port.put(k, Buffer.from('first'), 'text/plain');
      await subject.port.put(k, Buffer.from('second!'), 'text/plain');
      expect((await read(k))?.toString()).toBe('second!');
    });

    it('answers nothing for a key it does not hold', async () => {
      const k = key();
      expect(await subject.port.get(k)).toBeUndefined();
      expect(await subject.port.size(k)).toBeUndefined();
    });

    it('deletes, and deleting what is not there is no error', async () => {
      const k = key();
      await subject.port.put(k, Buffer.from('x'), 'text/plain');
      await subject.port.delete(k);
      expect(await subject.port.size(k)).toBeUndefined();
      await expect(subject.port.delete(k)).resolves.toBeUndefined();
    });

    it('keeps nothing of a stream that fails', async () => {
      const k = key();
      const failing = Readable.from(
        (async function* () {
          yield Buffer.alloc(1000, 1);
          throw new Error('the client went away');
        })(),
      );
      await expect(subject.port.put(k, failing, 'image/png')).rejects.toThrow();
      expect(await subject.port.size(k)).toBeUndefined();
    });

    it('refuses keys that could leave the store or hide in it', async () => {
      for (const bad of ['../escape', 'a/../../b', '/etc/passwd', '.hidden', 'a//b', '', 'a\\b'])
        await expect(subject.port.put(bad, Buffer.from('x'), 'text/plain'), bad).rejects.toThrow(
          /storage key/,
        );
      await expect(subject.port.get('../x')).rejects.toThrow(/storage key/);
      await expect(subject.port.delete('../x')).rejects.toThrow(/storage key/);
    });
  });
}
