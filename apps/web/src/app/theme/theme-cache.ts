import type { ThemeConfig } from '@tern/domain/partners/config';
import { isStamped } from '../../lib/fresh.ts';
import { isRecord } from '../../lib/is-record.ts';
import { storedValue } from '../../lib/storage.ts';

/**
 * The last theme config fetched, with what it was fetched for: the theme name and build number
 * and when, for the one-day cache of spec 1 §4. The config itself passed the domain schema
 * before it was stored, and a new release (build number) never reads another build's entry.
 */
export type ThemeCacheEntry = {
  theme: string;
  buildNumber: string;
  savedAt: number;
  config: ThemeConfig;
};

const parseEntry = (raw: unknown): ThemeCacheEntry | undefined =>
  isStamped(raw) && isRecord(raw.config) ? (raw as ThemeCacheEntry) : undefined;

export const themeCache = storedValue<ThemeCacheEntry>('theme', parseEntry);
