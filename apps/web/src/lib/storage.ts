import { STORAGE_PREFIX } from './storage-prefix.ts';

export type StoredValue<T> = {
  read(): T | undefined;
  write(value: T): void;
  remove(): void;
};

/** Accepts what was read when it has the expected shape; `undefined` rejects it. */
export type StoredValueParser<T> = (raw: unknown) => T | undefined;

/**
 * One typed slot in localStorage (or sessionStorage). Reads go through `parse`, so a value
 * written by an older build or edited by hand reads as absent instead of breaking the app;
 * storage that throws (private mode, quota, blocked storage) keeps the value in memory.
 * (A zod schema fits as `(raw) => schema.safeParse(raw).data`.)
 */
export function storedValue<T>(
  key: string,
  parse: StoredValueParser<T>,
  area: () => Storage = () => window.localStorage,
): StoredValue<T> {
  const fullKey = `${STORAGE_PREFIX}${key}`;
  // What was written while storage refused it (a widget framed by a page whose browser blocks
  // third-party storage): the value lives in this page's memory instead, so a session opened
  // there still holds until the page goes.
  let memory: { value: T } | undefined;
  return {
    read() {
      try {
        const raw = area().getItem(fullKey);
        return raw === null ? undefined : parse(JSON.parse(raw));
      } catch {
        return memory?.value;
      }
    },
    write(value) {
      try {
        area().setItem(fullKey, JSON.stringify(value));
        memory = undefined;
      } catch {
        memory = { value };
      }
    },
    remove() {
      memory = undefined;
      try {
        area().removeItem(fullKey);
      } catch {
        // Nothing to clean up when storage is unavailable.
      }
    },
  };
}

/**
 * Storage that lives as long as this page: what a widget panel keeps its session in. Each
 * panel is its own frame with its own session, which no other frame of the partner's page
 * reads or overwrites, and which is gone with the frame (a reload asks the host page for a
 * fresh token); no bearer token is left in the browser's storage under another site's page.
 */
export function pageMemoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}
