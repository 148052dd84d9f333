import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, type StoragePort } from '../port.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files on the local disk under `root` (DATA_DIR/documents by default), one per key. A file is
 * written beside its place under a temporary name and renamed when whole, so a failed upload
 * or a crash leaves no partial file under a key.
 */
export function diskStorage(root: string): StoragePort {
  const base = resolve(root);
  // The key check already forbids climbing; the resolved path is checked again all the same.
  const pathOf = (key: string) => {
    const path = resolve(join(base, checkKey(key)));
    if (!path.startsWith(base + sep)) throw new Error('A storage key left its store');
    return path;
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomUUID()}.part`;
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          createWriteStream(partial, { mode: 0o600 }),
        );
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { size: (await stat(path)).size };
    },

    async get(key) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      return createReadStream(path);
    },

    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
