import { TRANSLATION_CACHE_MS, TRANSLATION_FILES, type TextLanguage } from '@tern/domain/constants';
import type { TranslationFile } from '@tern/domain/content/schemas';
import { pathFor } from '@tern/domain/contract';
import { translationsRoute } from '@tern/domain/i18n/contracts';
import type { HttpClient } from '../../lib/http.ts';
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
 * A translation file as the portal relies on it: namespaces of texts. The API makes it from
 * the domain's catalogue and checks it against the contract's schema; the portal checks the
 * shape only, so its first download needs no zod (as for the runtime configuration).
 */
const checkTranslationFile = (raw: unknown): TranslationFile => {
  if (!isRecord(raw) || !Object.values(raw).every(isRecord))
    throw new Error('translations: invalid response');
  return raw as TranslationFile;
};

/**
 * The translation files of the theme path (spec 2 §7: english, spanish… pseudo), each kept a
 * day (spec 2 §9) for its theme and build.
 */
export function themeTranslations({
  http,
  now = Date.now,
  ...scope
}: CacheScope & { http: HttpClient; now?: () => number }): TranslationSource {
  return async (language) => {
    const cache = cacheOf(language);
    const cached = cache.read();
    if (cached && isFresh(cached, scope, now(), TRANSLATION_CACHE_MS)) return cached.file;
    const file = checkTranslationFile(
      await http.request(
        pathFor(translationsRoute, { theme: scope.theme, file: TRANSLATION_FILES[language] }),
        { method: translationsRoute.method },
      ),
    );
    cache.write({ ...scope, savedAt: now(), file });
    return file;
  };
}
