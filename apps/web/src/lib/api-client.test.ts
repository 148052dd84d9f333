import { accountsContracts } from '@tern/domain/accounts/contracts';
import { API_ROOT } from '@tern/domain/constants';
import { pathFor } from '@tern/domain/contract';
import { monitoringContracts } from '@tern/domain/monitoring/contracts';
import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonResponse } from '../test/fake-fetch.ts';
import { ids, requestsTo, sessionOf } from '../test/fake-api.ts';
import { createApiClient } from './api-client.ts';
import { ApiRequestError } from './api-request-error.ts';
import { createHttpClient } from './http.ts';

const apiAnswering = (answer: () => Response) => {
  const fetch = fakeFetch(answer);
  const http = createHttpClient({ apiRoot: '/api/v1', apiKey: 'k', getToken: () => 'tok', fetch });
  return { api: createApiClient(http), fetch };
};

describe('the API client', () => {
  it("calls a contract's method and path, parameters encoded, with its query and body", async () => {
    const { api, fetch } = apiAnswering(() =>
      jsonResponse(200, { subscribed: true, initialScan: false }),
    );
    await api.call(monitoringContracts.subscribe, {
      params: { userId: ids.user },
      body: { partnerId: 'travel' },
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(url).toBe(`${API_ROOT}${pathFor(monitoringContracts.subscribe, { userId: ids.user })}`);
    expect(requestsTo(fetch, monitoringContracts.subscribe)).toMatchObject([
      { params: { userId: ids.user }, body: { partnerId: 'travel' } },
    ]);
  });

  it('sends the query of a GET and no body', async () => {
    const { api, fetch } = apiAnswering(() => jsonResponse(200, []));
    await api.call(accountsContracts.searchCustomers, { query: { query: 'uma r' } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${API_ROOT}${accountsContracts.searchCustomers.path}?query=uma+r`);
    expect(init?.body).toBeUndefined();
  });

  it('answers what the contract says, and refuses an answer that breaks it', async () => {
    const session = sessionOf();
    const good = apiAnswering(() => jsonResponse(201, session));
    expect(await good.api.call(accountsContracts.actFor, { body: { userId: ids.user } })).toEqual(
      session,
    );
    const bad = apiAnswering(() => jsonResponse(201, { token: 7 }));
    const error = await bad.api
      .call(accountsContracts.actFor, { body: { userId: ids.user } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('invalid response');
  });
});
