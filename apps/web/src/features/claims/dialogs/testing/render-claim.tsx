import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ItemAlert } from '@tern/domain/claims/schemas';
import type { TextLanguage } from '@tern/domain/constants';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppServicesContext } from '../../../../core/app-services.ts';
import { datasetQuery } from '../../../../core/data/dataset.ts';
import { useDatasetContext } from '../../../../core/data/use-dataset.ts';
import { ErrorHandlerProvider } from '../../../../core/errors/error-handler-provider.tsx';
import { sessionStore } from '../../../../core/session/session-store.ts';
import { createApiClient } from '../../../../lib/api-client.ts';
import { createHttpClient } from '../../../../lib/http.ts';
import { fakeApi, ids, type FakeRoutes } from '../../../../test/fake-api.ts';
import { fakeFetch } from '../../../../test/fake-fetch.ts';
import { testRuntimeConfig } from '../../../../test/render-app.tsx';
import { renderWithProviders } from '../../../../test/render-with-providers.tsx';
import { themeConfigFixture } from '../../../../test/theme-config-fixture.ts';
import { itemAlertsDataset } from '../../datasets.ts';
import { installFakeXhr } from './fake-xhr.ts';

/**
 * The claim as the page holds it: the open claims (ITEM_ALERTS) from the API, so what the
 * dialogs change and fetch again shows here as it would on the page, live.
 */
function ClaimFromApi({ children }: { children: (claim: ItemAlert) => ReactNode }) {
  const alerts = useQuery(datasetQuery(itemAlertsDataset, useDatasetContext()));
  const claim = alerts.data?.[0];
  return claim ? children(claim) : null;
}

/**
 * Renders a claim dialog or view for a signed-in customer with what the portal gives its
 * pages (texts, theme, notices, the error handler, server data, a router), the API faked at
 * the fetch level by its contracts. `claim` answers the open claims; handlers in `routes` may
 * change what it answers. Uploads to signed URLs go through the same fake fetch.
 */
export async function renderClaim(
  ui: (claim: ItemAlert) => ReactNode,
  {
    claim,
    routes = {},
    language = 'en',
  }: {
    claim: () => ItemAlert;
    routes?: FakeRoutes;
    language?: TextLanguage;
  },
) {
  sessionStore.start({ token: 'tok', userId: ids.user });
  const fetch = fakeFetch(fakeApi({ 'claims.alerts': () => [claim()], ...routes }));
  installFakeXhr(fetch);
  const api = createApiClient(
    createHttpClient({ ...testRuntimeConfig, getToken: sessionStore.getToken, fetch }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = await renderWithProviders(
    <AppServicesContext
      value={{ runtime: testRuntimeConfig, api, themeConfig: themeConfigFixture() }}
    >
      <MemoryRouter>
        <ErrorHandlerProvider logout={() => undefined} supportHref="/help/contact">
          <QueryClientProvider client={client}>
            <ClaimFromApi>{ui}</ClaimFromApi>
          </QueryClientProvider>
        </ErrorHandlerProvider>
      </MemoryRouter>
    </AppServicesContext>,
    { language },
  );
  return { ...result, fetch };
}
