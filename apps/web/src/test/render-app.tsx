import { catalogueTranslations } from './translations.ts';
import type { TextLanguage } from '@tern/domain/constants';
import type { RuntimeConfig, ThemeConfig } from '@tern/domain/partners/config';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/app-providers.tsx';
import { AppRoot } from '../app/app-root.tsx';
import { createI18n } from '../app/i18n/create-i18n.ts';
import { createApiClient } from '../lib/api-client.ts';
import { createHttpClient } from '../lib/http.ts';
import { sessionStore } from '../core/session/session-store.ts';
import { matchContract } from './fake-api.ts';
import { fakeFetch, jsonResponse, type FakeRoute } from './fake-fetch.ts';
import { themeConfigFixture } from './theme-config-fixture.ts';

export const testRuntimeConfig: RuntimeConfig = {
  apiRoot: '/api/v1',
  apiKey: 'test-api-key',
  partnerId: 'travel',
  theme: 'travel',
  buildNumber: '919',
  release: 'Version-1.211',
};

export type RenderAppOptions = {
  path?: string;
  themeConfig?: ThemeConfig;
  language?: TextLanguage;
  /** Answers API calls; by default the client record answers and anything else is 404. */
  route?: FakeRoute;
};

/** The whole portal at `path`, as main.tsx starts it, with the API faked at the fetch level. */
export async function renderApp({
  path = '/',
  themeConfig = themeConfigFixture(),
  language = 'en',
  route,
}: RenderAppOptions = {}) {
  const clientRecord = { partnerId: 'travel', cmsBundle: 'travel', branding: themeConfig.branding };
  const fetch = fakeFetch(
    async (url, init) =>
      (await route?.(url, init)) ??
      (matchContract(url, init.method ?? 'GET')?.contract.id === 'partners.client'
        ? jsonResponse(200, clientRecord)
        : undefined),
  );
  const api = createApiClient(
    createHttpClient({ ...testRuntimeConfig, getToken: sessionStore.getToken, fetch }),
  );
  const i18n = await createI18n(language, catalogueTranslations);
  const user = userEvent.setup();
  const result = render(
    <AppProviders services={{ runtime: testRuntimeConfig, api, themeConfig }} i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoot />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, user, i18n, fetch };
}
