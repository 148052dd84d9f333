import { HELP_CONTENT_CACHE_MS } from '@tern/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../core/app-services.ts';

/** A country's name by its ISO 3166-1 alpha-2 code. */
export type CountryNames = Readonly<Record<string, string>>;

/**
 * Country names (the `countries` reference document, from i18n-iso-countries) in the portal's
 * language, by ISO code, for every country select and the mobile input; undefined until they
 * arrive (a select shows the browser's own names meanwhile). Other areas use this hook, so it
 * is light: the contract and its schemas (zod) load with the first fetch.
 */
export function useCountryNames(): CountryNames | undefined {
  const { api, runtime } = useAppServices();
  const { i18n } = useTranslation();
  return useQuery<CountryNames>({
    queryKey: ['content.countries', runtime.partnerId, i18n.language],
    queryFn: async ({ signal }) => {
      const [{ contentContracts }, { contentLanguageOf, countryListSchema }] = await Promise.all([
        import('@tern/domain/content/contracts'),
        import('@tern/domain/content/schemas'),
      ]);
      const document = await api.call(
        contentContracts.document,
        {
          params: { id: 'countries', lang: contentLanguageOf(i18n.language) },
          query: { partnerId: runtime.partnerId },
        },
        { signal },
      );
      const list = countryListSchema.parse(JSON.parse(document.body));
      return Object.fromEntries(list.map(({ code, name }) => [code, name]));
    },
    staleTime: HELP_CONTENT_CACHE_MS,
    gcTime: HELP_CONTENT_CACHE_MS,
    // Names are a nicety: without them a select shows the browser's own, so no error notice.
    meta: { silent: true },
  }).data;
}
