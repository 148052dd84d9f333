import type { StoredValue } from './storage.ts';

export type ObservableSlot<T> = {
  /** The stored value; the same object until the stored value changes (safe for useSyncExternalStore). */
  get(): T | undefined;
  set(value: T): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
};

/**
 * A stored value that components can follow. Every read goes to storage (another part of the
 * app, a test, or the user may have changed it), but an unchanged value keeps its identity so
 * `useSyncExternalStore` does not re-render in a loop.
 */
export function observableSlot<T>(slot: StoredValue<T>): ObservableSlot<T> {
  const listeners = new Set<() => void>();
  let lastJson: string | undefined;
  let lastValue: T | undefined;
  const emit = () => listeners.forEach((listener) => listener());
  return {
    get() {
      const value = slot.read();
      const json = value === undefined ? undefined : JSON.stringify(value);
      if (json !== lastJson) {
        lastJson = json;
        lastValue = value;
      }
      return lastValue;
    },
    set(value) {
      slot.write(value);
      emit();
    },
    clear() {
      slot.remove();
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
