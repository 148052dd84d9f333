import { TRANSLATION_CACHE_MS, TRANSLATION_FILES, type TextLanguage } from '@tern/domain/constants';
import type { TranslationFile } from '@tern/domain/content/schemas';
import type { ApiClient } from '../../lib/api-client.ts';
import { isFresh, isStamped, type CacheScope, type CacheStamp } from '../../lib/fresh.ts';
import { isRecord } from '../../lib/is-record.ts';
import { storedValue } from '../../lib/storage.ts';

/** Where a language's texts come from: the theme path in the app, the catalogue in tests. */
export type TranslationSource = (language: TextLanguage) => Promise<TranslationFile>;

type Entry = CacheStamp & { file: TranslationFile };

const cacheOf = (language: TextLanguage) =>
  storedValue<Entry>(`translations.${language}`, (raw) =>
    isStamped(raw) && isRecord(raw.file) ? (raw as Entry) : undefined,
  );

/**
 * The translation files of the theme path (spec 2 §7: english, spanish… pseudo), each kept a
 * day (spec 2 §9) for its theme and build. The contract that checks an answer (and zod with
 * it) downloads with the first fetch; texts served from the cache need neither.
 */
export function themeTranslations({
  api,
  now = Date.now,
  ...scope
}: CacheScope & { api: ApiClient; now?: () => number }): TranslationSource {
  return async (language) => {
    const cache = cacheOf(language);
    const cached = cache.read();
    if (cached && isFresh(cached, scope, now(), TRANSLATION_CACHE_MS)) return cached.file;
    const { contentContracts } = await import('@tern/domain/content/contracts');
    const file = await api.call(contentContracts.translations, {
      params: { theme: scope.theme, file: TRANSLATION_FILES[language] },
    });
    cache.write({ ...scope, savedAt: now(), file });
    return file;
  };
}
