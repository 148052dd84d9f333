import type { Readable } from 'node:stream';

/**
 * Where uploaded files' bytes are kept: the local disk under DATA_DIR by default, or an
 * S3-compatible bucket (STORAGE_PROVIDER). Keys are made by the server (`<partner>/<uuid>`),
 * never from a client's file name; the documents area keeps what a file is (its name, type,
 * owner) in its table, so a store holds bytes and nothing else.
 */
export interface StoragePort {
  /**
   * Keeps `body` under `key` (replacing what was there) and answers its size. A stream that
   * fails leaves nothing under the key: the error is the caller's to answer.
   */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<{ size: number }>;
  /** The bytes under `key`, or undefined when there are none. */
  get(key: string): Promise<Readable | undefined>;
  /** The size of what is under `key`, or undefined when there is nothing. */
  size(key: string): Promise<number | undefined>;
  /** Removes what is under `key`; nothing there is no error. */
  delete(key: string): Promise<void>;
}

/**
 * A key as the stores take it: segments of letters, digits, `.`, `_` and `-` joined by `/`,
 * none starting with a dot, so no key can climb out of its store (`..`), hide (`.x`) or be
 * absolute. Every adapter checks it before touching anything.
 */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){0,7}$/;

export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}
