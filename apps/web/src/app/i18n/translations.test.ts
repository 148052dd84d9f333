import { TRANSLATION_CACHE_MS } from '@tern/domain/constants';
import { contentContracts } from '@tern/domain/content/contracts';
import { translationFile } from '@tern/domain/i18n/catalogue';
import { beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../lib/http.ts';
import { matchContract, requestsTo } from '../../test/fake-api.ts';
import { fakeFetch, jsonResponse } from '../../test/fake-fetch.ts';
import { themeTranslations } from './translations.ts';

const NOW = Date.parse('2026-11-23T08:00:00Z');

/** The theme path served as the API serves it, with every request recorded. */
function setUp(scope = { theme: 'travel', buildNumber: '919' }, answer?: () => Response) {
  const fetch = fakeFetch((url) => {
    const call = matchContract(url, 'GET');
    if (call?.contract.id !== contentContracts.translations.id) return undefined;
    const french = call.params.file === 'french' && call.params.theme === 'travel';
    return answer?.() ?? jsonResponse(200, translationFile(french ? 'fr' : 'en'));
  });
  const http = createHttpClient({
    apiRoot: '/api/v1',
    apiKey: 'k',
    getToken: () => undefined,
    fetch,
  });
  let now = NOW;
  const source = themeTranslations({ http, ...scope, now: () => now });
  return { fetch, source, later: (ms: number) => (now += ms) };
}

describe('translation files from the theme path', () => {
  beforeEach(() => localStorage.clear());

  it('fetches a language by its file name, and keeps it a day', async () => {
    const { fetch, source, later } = setUp();
    const french = await source('fr');
    expect(french.translation).toMatchObject({ app: { close: 'Fermer' } });
    expect(requestsTo(fetch, contentContracts.translations)[0]?.params).toEqual({
      theme: 'travel',
      file: 'french',
    });

    later(TRANSLATION_CACHE_MS - 1);
    expect(await source('fr')).toEqual(french);
    expect(fetch).toHaveBeenCalledTimes(1);

    later(1);
    await source('fr');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('never serves another build its cached texts', async () => {
    await setUp().source('fr');
    const next = setUp({ theme: 'travel', buildNumber: '920' });
    await next.source('fr');
    expect(next.fetch).toHaveBeenCalledTimes(1);
  });

  it('fails on an answer that is not a translation file, and caches nothing', async () => {
    const broken = setUp(undefined, () => jsonResponse(200, { translation: 42 }));
    await expect(broken.source('fr')).rejects.toThrow();
    const { fetch, source } = setUp();
    await source('fr');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
