import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import type { PartnerMode } from '@tern/domain/partners/config';
import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../lib/http.ts';
import { fakeFetch, jsonResponse } from '../../test/fake-fetch.ts';
import { ids, userDetails } from '../../test/fake-api.ts';
import { datasetStore, isDatasetLoaded } from './dataset-store.ts';
import { loadingPlan } from './loading-plan.ts';
import { useDataLoading } from './use-data-loading.ts';

/** Answers by path (and method), in the order the test releases them. */
function controlledApi() {
  const waiting: { call: string; release: (response: Response) => void }[] = [];
  const calls: string[] = [];
  const fetch = fakeFetch((url, init) => {
    const call = `${init.method ?? 'GET'} ${url.pathname.replace('/api/v1', '')}${url.search}`;
    calls.push(call);
    return new Promise<Response>((release) => waiting.push({ call, release }));
  });
  /** Answers every waiting call; `bodies` by path prefix, else an empty list. */
  const answerAll = async (bodies: Record<string, unknown> = {}) => {
    const batch = waiting.splice(0);
    await act(async () => {
      for (const { call, release } of batch) {
        const path = call.split(' ')[1]!;
        const match = Object.keys(bodies).find((prefix) => call.startsWith(prefix));
        const body = match ? bodies[match] : defaultBody(path);
        release(
          body instanceof Response ? body : jsonResponse(call.startsWith('POST') ? 201 : 200, body),
        );
      }
    });
  };
  return { fetch, calls, waiting: () => waiting.map((w) => w.call), answerAll };
}

const defaultBody = (path: string): unknown => {
  if (/^\/platform\/users\/[^/]+$/.test(path)) return userDetails();
  if (path.startsWith('/platform/payouts/config'))
    return {
      payouts: { supplier: 'manual', providers: ['BANK-MANUAL'] },
      country: { iso: 'CA', currency: 'CAD' },
    };
  if (path.startsWith('/monitoring/subscribers')) return { subscribed: true, initialScan: false };
  if (path.endsWith('/subscriptions?active=true')) return subscriptions;
  return [];
};

const subscriptions = Object.fromEntries(
  [
    'BANK_ACCOUNT',
    'CARD',
    'EMAIL_ADDRESS',
    'PHONE_NUMBER',
    'NATIONAL_ID',
    'PASSPORT',
    'DRIVING_LICENCE',
    'MEDICAL_ID',
    'IBAN',
    'OTHER_CARD',
  ].map((type) => [type, { category: 'FINANCIAL', maxAllowed: 3, items: [] }]),
);

function renderLoader(mode: PartnerMode) {
  const api = controlledApi();
  const http = createHttpClient({
    apiRoot: '/api/v1',
    apiKey: 'k',
    getToken: () => 't',
    fetch: api.fetch,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Loader() {
    useDataLoading({ http, userId: ids.user, partnerId: 'travel' }, mode);
    return null;
  }
  const view = render(
    <QueryClientProvider client={client}>
      <Loader />
    </QueryClientProvider>,
  );
  return { ...api, view };
}

const u = ids.user;

describe('data loading after login (spec 1 §4)', () => {
  it('plans the stages of each configuration', () => {
    expect(loadingPlan('default').map((stage) => stage.datasets)).toEqual([
      ['USER_DETAILS', 'POLICIES'],
      ['PAYOUT_METHODS', 'PAYOUT_CONFIGS'],
      ['PASSENGERS', 'LUGGAGE', 'TRIPS'],
    ]);
    expect(loadingPlan('parametric').map((stage) => stage.datasets)).toEqual([
      ['USER_DETAILS', 'POLICIES'],
      ['PAYOUT_METHODS', 'PAYOUT_CONFIGS'],
      ['ITEMS', 'ITEM_ALERTS'],
    ]);
    expect(loadingPlan('monitoring')).toEqual([
      { datasets: ['USER_DETAILS', 'POLICIES'] },
      { datasets: ['OWL_MONITORED_DATA', 'OWL_ALERTS'], afterSubscription: true },
    ]);
  });

  it('default: user and policies, then payouts, then passengers, luggage and trips', async () => {
    datasetStore.reset();
    const api = renderLoader('default');
    await waitFor(() =>
      expect(api.waiting()).toEqual([
        `GET /platform/users/${u}`,
        `GET /platform/users/${u}/policies`,
      ]),
    );
    await api.answerAll();
    await waitFor(() => expect(datasetStore.get().loaded).toEqual(['USER_DETAILS', 'POLICIES']));
    await waitFor(() =>
      expect(api.waiting()).toEqual([
        `GET /platform/payouts/methods?userId=${u}`,
        `GET /platform/payouts/config?userId=${u}`,
      ]),
    );
    await api.answerAll();
    await waitFor(() =>
      expect(api.waiting()).toEqual([
        `GET /travel/passengers?userId=${u}`,
        'GET /travel/luggage/lost/bags',
        `GET /travel/trips?userId=${u}`,
      ]),
    );
    expect(datasetStore.get().completed).toBe(false);
    await api.answerAll();
    await waitFor(() => expect(datasetStore.get().completed).toBe(true));
    expect(api.calls).toHaveLength(7);
  });

  it('parametric: user and policies, then payouts, then items and item alerts', async () => {
    datasetStore.reset();
    const api = renderLoader('parametric');
    await waitFor(() => expect(api.waiting()).toHaveLength(2));
    await api.answerAll();
    await waitFor(() => expect(api.waiting()).toHaveLength(2));
    await api.answerAll();
    await waitFor(() =>
      expect(api.waiting()).toEqual([
        'GET /platform/items',
        'GET /platform/items/views/item-alerts?active=true',
      ]),
    );
    await api.answerAll();
    await waitFor(() => expect(datasetStore.get().completed).toBe(true));
    expect(api.calls.some((call) => call.includes('/travel/'))).toBe(false);
  });

  it('monitoring: no payouts; subscribes an inactive user, then monitored data and alerts', async () => {
    datasetStore.reset();
    const api = renderLoader('monitoring');
    await waitFor(() => expect(api.waiting()).toHaveLength(2));
    await api.answerAll();
    await waitFor(() => expect(api.waiting()).toEqual([`GET /monitoring/subscribers/${u}`]));
    await api.answerAll({ 'GET /monitoring': { subscribed: false, initialScan: false } });
    await waitFor(() => expect(api.waiting()).toEqual([`POST /owl/subscribers/${u}`]));
    expect(api.fetch.mock.calls.at(-1)?.[1]?.body).toBe(JSON.stringify({ partnerId: 'travel' }));
    await api.answerAll({ 'POST /owl': { subscribed: true } });
    await waitFor(() => expect(api.waiting()).toEqual([`GET /monitoring/subscribers/${u}`]));
    await api.answerAll({ 'GET /monitoring': { subscribed: true, initialScan: false } });
    await waitFor(() =>
      expect(api.waiting()).toEqual([
        `GET /owl/subscribers/${u}/subscriptions?active=true`,
        `GET /owl/subscribers/${u}/subscriptions/alerts/?filter=complete`,
      ]),
    );
    await api.answerAll();
    await waitFor(() => expect(datasetStore.get().completed).toBe(true));
    expect(api.calls.some((call) => call.includes('/payouts/'))).toBe(false);
  });

  it('monitoring: does not subscribe a user who is subscribed already', async () => {
    datasetStore.reset();
    const api = renderLoader('monitoring');
    await waitFor(() => expect(api.waiting()).toHaveLength(2));
    await api.answerAll();
    await waitFor(() => expect(api.waiting()).toHaveLength(1));
    await api.answerAll();
    await waitFor(() => expect(api.waiting()).toHaveLength(2));
    expect(api.calls.some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('goes on after a failed dataset, which is neither listed nor completes the loading', async () => {
    datasetStore.reset();
    const api = renderLoader('default');
    await waitFor(() => expect(api.waiting()).toHaveLength(2));
    await api.answerAll();
    await waitFor(() => expect(api.waiting()).toHaveLength(2));
    await api.answerAll({
      'GET /platform/payouts/config': jsonResponse(400, {
        code: 'PAYOUT_SERVICE_NOT_CONFIGURED',
        status: 400,
        message: 'x',
      }),
    });
    await waitFor(() => expect(api.waiting()).toHaveLength(3));
    await api.answerAll();
    await waitFor(() => expect(datasetStore.get().loaded).toHaveLength(6));
    expect(datasetStore.get().loaded).not.toContain('PAYOUT_CONFIGS');
    expect(datasetStore.get().completed).toBe(false);
  });
});

describe('the dataset store', () => {
  it('counts a dataset as loaded when listed or when everything is loaded', () => {
    datasetStore.reset();
    datasetStore.markLoaded('POLICIES');
    expect(isDatasetLoaded(datasetStore.get(), 'POLICIES')).toBe(true);
    expect(isDatasetLoaded(datasetStore.get(), 'TRIPS')).toBe(false);
    datasetStore.setCompleted(true);
    expect(isDatasetLoaded(datasetStore.get(), 'TRIPS')).toBe(true);
  });

  it('clears the loaded-dataset list when the completion flag turns false', () => {
    datasetStore.reset();
    datasetStore.markLoaded('USER_DETAILS');
    datasetStore.setCompleted(true);
    datasetStore.setCompleted(false);
    expect(datasetStore.get()).toEqual({ loaded: [], completed: false });
  });
});
