import { contentContracts } from '@tern/domain/content/contracts';
import { contentLanguageOf } from '@tern/domain/content/schemas';
import { AIRPORT_LOOKUP_DOCUMENT, HELP_CONTENT_CACHE_MS } from '@tern/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAppServices } from '../../core/app-services.ts';

const lookupListSchema = z.array(z.object({ value: z.string(), label: z.string() }));

/**
 * The airport lookup list (spec 2 §3: a JSON help-content document of value and label) for
 * the manual flight page's origin airport; kept 24 hours as all help content.
 */
export function useAirportOptions() {
  const { api, runtime } = useAppServices();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [contentContracts.document.id, runtime.partnerId, AIRPORT_LOOKUP_DOCUMENT],
    queryFn: async ({ signal }) => {
      const document = await api.call(
        contentContracts.document,
        {
          params: { id: AIRPORT_LOOKUP_DOCUMENT, lang: contentLanguageOf(i18n.language) },
          query: { partnerId: runtime.partnerId },
        },
        { signal },
      );
      return lookupListSchema.parse(JSON.parse(document.body));
    },
    staleTime: HELP_CONTENT_CACHE_MS,
    gcTime: HELP_CONTENT_CACHE_MS,
  });
}
