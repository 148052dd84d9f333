import type { Clock } from './clock.ts';

/**
 * A small in-process cache for hot, rarely changing lookups (API key → partner). Entries
 * live `ttlMs`, so a change made through another API instance is seen within that time.
 */
export function ttlCache<V>(clock: Clock, ttlMs: number, maxEntries = 1000) {
  const entries = new Map<string, { value: V; expires: number }>();
  return {
    async get(key: string, load: () => Promise<V>): Promise<V> {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      const value = await load();
      // Bound memory against callers cycling through random keys.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expires: now + ttlMs });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
