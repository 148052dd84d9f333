import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { monitoringContracts } from '@tern/domain/monitoring/contracts';
import type { PartnerMode } from '@tern/domain/partners/config';
import { describe, expect, it } from 'vitest';
import { datasetStore } from '../../core/data/dataset-store.ts';
import { loadingPlan } from '../../core/data/loading-plan.ts';
import { useDataLoading } from '../../core/data/use-data-loading.ts';
import { createApiClient } from '../../lib/api-client.ts';
import { createHttpClient } from '../../lib/http.ts';
import {
  apiError,
  fakeApi,
  ids,
  matchContract,
  requestsTo,
  subscriptionsWith,
  type FakeRoutes,
} from '../../test/fake-api.ts';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { configOfMode } from '../../test/theme-config-fixture.ts';
import { offeredDatasets } from './offered-datasets.ts';

/**
 * The fake API, answering only when the test releases the calls waiting so far; each call is
 * named by its contract (`policies.list`), with its query when it has one.
 */
function controlledApi() {
  const waiting: { call: string; release: () => void }[] = [];
  const calls: string[] = [];
  let answers: FakeRoutes = {};
  const api = (url: URL, init: RequestInit) =>
    fakeApi({
      'monitoring.status': () => ({ subscribed: true, initialScan: false }),
      'monitoring.subscriptions': () => subscriptionsWith(),
      'monitoring.alerts': () => [],
      ...answers,
    })(url, init);
  const fetch = fakeFetch((url, init) => {
    const id = matchContract(url, init.method ?? 'GET')?.contract.id ?? url.pathname;
    const call = `${id}${url.search}`;
    calls.push(call);
    return new Promise<Response | undefined>((resolve) =>
      waiting.push({ call, release: () => resolve(api(url, init)) }),
    );
  });
  /** Answers every waiting call: by `routes` where given, else as the fake API does. */
  const answerAll = async (routes: FakeRoutes = {}) => {
    answers = routes;
    const batch = waiting.splice(0);
    await act(async () => {
      for (const { release } of batch) release();
    });
  };
  return { fetch, calls, waiting: () => waiting.map((w) => w.call), answerAll };
}

async function renderLoader(mode: PartnerMode) {
  const server = controlledApi();
  const api = createApiClient(
    createHttpClient({ apiRoot: '/api/v1', apiKey: 'k', getToken: () => 't', fetch: server.fetch }),
  );
  const plan = loadingPlan(await offeredDatasets(configOfMode(mode)));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Loader() {
    useDataLoading({ api, userId: ids.user, partnerId: 'travel' }, plan);
    return null;
  }
  render(
    <QueryClientProvider client={client}>
      <Loader />
    </QueryClientProvider>,
  );
  return server;
}

const u = ids.user;
const stages = async (mode: PartnerMode) =>
  loadingPlan(await offeredDatasets(configOfMode(mode))).map((stage) =>
    stage.datasets.map((d) => d.name),
  );

describe('data loading after login (spec 1 §4), over the areas a configuration offers', () => {
  it('plans the stages of each configuration', async () => {
    expect(await stages('default')).toEqual([
      ['USER_DETAILS', 'POLICIES'],
      ['PAYOUT_METHODS', 'PAYOUT_CONFIGS'],
      ['PASSENGERS', 'LUGGAGE', 'TRIPS'],
    ]);
    expect(await stages('parametric')).toEqual([
      ['USER_DETAILS', 'POLICIES'],
      ['PAYOUT_METHODS', 'PAYOUT_CONFIGS'],
      ['ITEMS', 'ITEM_ALERTS'],
    ]);
    expect(await stages('monitoring')).toEqual([
      ['USER_DETAILS', 'POLICIES'],
      ['OWL_MONITORED_DATA', 'OWL_ALERTS'],
    ]);
  });

  it('default: user and policies, then payouts, then passengers, luggage and trips', async () => {
    datasetStore.reset();
    const api = await renderLoader('default');
    await waitFor(() => expect(api.waiting()).toEqual(['accounts.details', 'policies.list']));
    await api.answerAll();
    await waitFor(() => expect(datasetStore.get().loaded).toEqual(['USER_DETAILS', 'POLICIES']));
    await waitFor(() =>
      expect(api.waiting()).toEqual([`payouts.methods?userId=${u}`, `payouts.config?userId=${u}`]),
    );
    await api.answerAll();
    await waitFor(() =>
      expect(api.waiting()).toEqual([
        `travel.passengers?userId=${u}`,
        'luggage.bags',
        `travel.trips?userId=${u}`,
      ]),
    );
    expect(datasetStore.get().completed).toBe(false);
    await api.answerAll();
    await waitFor(() => expect(datasetStore.get().completed).toBe(true));
    expect(api.calls).toHaveLength(7);
  });

  it('parametric: user and policies, then payouts, then items and item alerts', async () => {
    datasetStore.reset();
    const api = await renderLoader('parametric');
    await waitFor(() => expect(api.waiting()).toHaveLength(2));
    await api.answerAll();
    await waitFor(() => expect(api.waiting()).toHaveLength(2));
    await api.answerAll();
    await waitFor(() =>
      expect(api.waiting()).toEqual(['claims.items', 'claims.alerts?active=true']),
    );
    await api.answerAll();
    await waitFor(() => expect(datasetStore.get().completed).toBe(true));
    expect(api.calls.some((call) => call.startsWith('travel.'))).toBe(false);
  });

  it('monitoring: no payouts; subscribes an inactive user, then monitored data and alerts', async () => {
    datasetStore.reset();
    const api = await renderLoader('monitoring');
    await waitFor(() => expect(api.waiting()).toHaveLength(2));
    await api.answerAll();
    await waitFor(() => expect(api.waiting()).toEqual(['monitoring.status']));
    await api.answerAll({ 'monitoring.status': () => ({ subscribed: false, initialScan: false }) });
    await waitFor(() => expect(api.waiting()).toEqual(['monitoring.subscribe']));
    expect(requestsTo(api.fetch, monitoringContracts.subscribe)).toMatchObject([
      { params: { userId: u }, body: { partnerId: 'travel' } },
    ]);
    await api.answerAll({
      'monitoring.subscribe': () => ({ subscribed: true, initialScan: false }),
    });
    await waitFor(() => expect(api.waiting()).toEqual(['monitoring.status']));
    await api.answerAll();
    await waitFor(() =>
      expect(api.waiting()).toEqual([
        'monitoring.subscriptions?active=true',
        'monitoring.alerts?filter=complete',
      ]),
    );
    await api.answerAll();
    await waitFor(() => expect(datasetStore.get().completed).toBe(true));
    expect(api.calls.some((call) => call.startsWith('payouts.'))).toBe(false);
  });

  it('monitoring: does not subscribe a user who is subscribed already', async () => {
    datasetStore.reset();
    const api = await renderLoader('monitoring');
    await waitFor(() => expect(api.waiting()).toHaveLength(2));
    await api.answerAll();
    await waitFor(() => expect(api.waiting()).toHaveLength(1));
    await api.answerAll();
    await waitFor(() => expect(api.waiting()).toHaveLength(2));
    expect(api.calls).not.toContain('monitoring.subscribe');
  });

  it('goes on after a failed dataset, which is neither listed nor completes the loading', async () => {
    datasetStore.reset();
    const api = await renderLoader('default');
    await waitFor(() => expect(api.waiting()).toHaveLength(2));
    await api.answerAll();
    await waitFor(() => expect(api.waiting()).toHaveLength(2));
    await api.answerAll({ 'payouts.config': () => apiError('PAYOUT_SERVICE_NOT_CONFIGURED') });
    await waitFor(() => expect(api.waiting()).toHaveLength(3));
    await api.answerAll();
    await waitFor(() => expect(datasetStore.get().loaded).toHaveLength(6));
    expect(datasetStore.get().loaded).not.toContain('PAYOUT_CONFIGS');
    expect(datasetStore.get().completed).toBe(false);
  });
});
