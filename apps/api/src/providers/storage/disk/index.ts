import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, type StoragePort } from '../port.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The temporary name a file is written under beside `path` until it is whole. */
const PARTIAL = /^(.*)\.[0-9a-f-]{36}\.part$/;

/** Waits until what is written to a file, or a directory's entries, is on the disk. */
async function sync(path: string, flags: 'r' | 'r+') {
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Files on the local disk under `root` (DATA_DIR/documents by default), one per key. A file is
 * written beside its place under a temporary name and renamed when whole, so a failed upload
 * or a crash leaves no partial file under a key; the bytes, then the name, are on the disk
 * before `put` answers, as the database's commit of the document that names them is.
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
        // Without these a machine that loses power after the answer could come back with the
        // document recorded and its file empty or missing: renames and data are cached.
        await sync(partial, 'r+');
        await rename(partial, path);
        await sync(dirname(path), 'r');
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

    /**
     * Also removes the partial files of the key that a crash left mid-write (a kill stops the
     * cleanup in `put`): the orphans' sweep deletes the key of an upload a crash cut, so its
     * partial goes with it.
     */
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      const name = basename(path);
      const siblings = await readdir(dirname(path)).catch(() => [] as string[]);
      for (const sibling of siblings)
        if (PARTIAL.exec(sibling)?.[1] === name)
          await rm(join(dirname(path), sibling), { force: true });
    },
  };
}
