import { HELP_CONTENT_CACHE_MS } from '@tern/domain/constants';
import { contentContracts } from '@tern/domain/content/contracts';
import { localeOfLanguage } from '@tern/domain/i18n/languages';
import {
  CONTENT_FALLBACK_LANGUAGE,
  contentLanguageOf,
  contentProductFor,
  FAQ_VERSION,
  type ContentDocument,
  type Faq,
} from '@tern/domain/content/schemas';
import { partnerMode } from '@tern/domain/partners/offers';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../core/app-services.ts';
import { useClientRecord } from '../../core/partner/use-client-record.ts';

/** Help content is kept 24 hours (spec 1 §9), in this tab and by the browser (Cache-Control). */
const cached = { staleTime: HELP_CONTENT_CACHE_MS, gcTime: HELP_CONTENT_CACHE_MS };

/** The language content is asked in: the one the portal shows. */
const useContentLanguage = () => contentLanguageOf(useTranslation().i18n.language);

/** A document of the partner's bundle in the portal's language (EN when it has none). */
export function useDocument(id: string) {
  const { api, runtime } = useAppServices();
  const lang = useContentLanguage();
  return useQuery<ContentDocument>({
    queryKey: [contentContracts.document.id, runtime.partnerId, id, lang],
    queryFn: ({ signal }) =>
      api.call(
        contentContracts.document,
        { params: { id, lang }, query: { partnerId: runtime.partnerId } },
        { signal },
      ),
    ...cached,
    // The page says it: not there, or its error with a retry.
    meta: { silent: true },
  });
}

/** The questions of the partner's product, in the portal's language (EN when it has none). */
export function useFaq() {
  const { api, runtime, themeConfig } = useAppServices();
  const bundle = useClientRecord().data?.cmsBundle;
  const lang = useContentLanguage();
  const product = contentProductFor(partnerMode(themeConfig.config));
  return useQuery<Faq>({
    queryKey: [contentContracts.faq.id, runtime.partnerId, bundle, product, lang],
    enabled: bundle !== undefined,
    queryFn: ({ signal }) =>
      api.call(
        contentContracts.faq,
        {
          params: { product, bundle: bundle!, version: FAQ_VERSION, lang },
          query: { partnerId: runtime.partnerId },
        },
        { signal },
      ),
    ...cached,
  });
}

/**
 * The `lang` content is marked with: its own language, which may not be the page's (a
 * fallback; the pseudo language reads English content), so screen readers and checks know.
 */
export const contentLangOf = (content: { lang: string }): string => localeOfLanguage(content.lang);

/**
 * Whether to say content is shown in English: it fell back to EN. (Mexican Spanish falling
 * back to Spanish needs no notice.)
 */
export const shownInEnglish = (content: { lang: string; fallback: boolean }): boolean =>
  content.fallback && content.lang === CONTENT_FALLBACK_LANGUAGE;
