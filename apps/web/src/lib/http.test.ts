import { z } from 'zod';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeEventStreams, fakeFetch, jsonResponse, urlText } from '../test/fake-fetch.ts';
import { ApiRequestError } from './api-request-error.ts';
import { createHttpClient } from './http.ts';

const client = (fetch: typeof globalThis.fetch, token?: string) =>
  createHttpClient({ apiRoot: '/api/v1', apiKey: 'key-123', getToken: () => token, fetch });

const failure = async (promise: Promise<unknown>): Promise<ApiRequestError> => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
};

// The transport below the API client: neutral paths, as the client passes them on.
describe('createHttpClient', () => {
  it('sends JSON, the api-key and no Authorization without a session', async () => {
    const fetch = fakeFetch(() => jsonResponse(200, { ok: true }));
    await client(fetch).request('/themes/x');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/themes/x');
    const headers = init?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['api-key']).toBe('key-123');
    expect(headers.Authorization).toBeUndefined();
  });

  it('adds the bearer token of the session and encodes the query', async () => {
    const fetch = fakeFetch(() => jsonResponse(200, {}));
    await client(fetch, 'tok-1').request('/example', {
      query: { domain: 'https://a.example', skip: undefined },
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/example?domain=https%3A%2F%2Fa.example');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it("sends another session's token when asked (ending an agent's session kept aside)", async () => {
    const fetch = fakeFetch(() => jsonResponse(200, {}));
    await client(fetch, 'current').request('/example', { token: 'kept-aside' });
    expect((fetch.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBe(
      'Bearer kept-aside',
    );
  });

  it('sends a body as JSON with the method asked for', async () => {
    const fetch = fakeFetch(() => new Response(null, { status: 204 }));
    const answer = await client(fetch).request('/example/1', {
      method: 'PATCH',
      body: { firstName: 'Ana' },
    });
    expect(answer).toBeUndefined();
    const [, init] = fetch.mock.calls[0]!;
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"firstName":"Ana"}');
  });

  it('turns an API error body into an ApiRequestError with code, status, field and details', async () => {
    const body = {
      code: 'FLIGHT_SCHEDULE_NOT_FOUND',
      status: 404,
      message: 'No such flight',
      field: 'flightNumber',
      details: [{ field: 'embarkDate', message: 'validation.invalid_date' }],
    };
    const error = await failure(
      client(fakeFetch(() => jsonResponse(404, body))).request('/example'),
    );
    expect(error).toMatchObject({
      status: 404,
      code: 'FLIGHT_SCHEDULE_NOT_FOUND',
      message: 'No such flight',
      field: 'flightNumber',
      details: body.details,
    });
  });

  it('keeps the name a body gives its error, so partner-level errors can be recognised', async () => {
    const body = { code: 'ORIGIN_NOT_ALLOWED', status: 403, message: 'nope', name: 'B2BError' };
    const error = await failure(
      client(fakeFetch(() => jsonResponse(403, body))).request('/example'),
    );
    expect(error.bodyName).toBe('B2BError');
  });

  it('fails without a code when the error body is not an API error', async () => {
    const fetch = fakeFetch(
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const error = await failure(client(fetch).request('/x'));
    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
  });

  it('fails with status 0 and no code when the network is down', async () => {
    const fetch = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(client(fetch).request('/x'));
    expect(error.status).toBe(0);
    expect(error.code).toBeUndefined();
  });

  it('fails with "invalid response" when the answer does not match the schema', async () => {
    const fetch = fakeFetch(() => jsonResponse(200, { partnerId: 7 }));
    const error = await failure(
      client(fetch).request('/example', { schema: z.object({ partnerId: z.string() }) }),
    );
    expect(error.message).toBe('invalid response');
  });

  it('opens a stream with the api-key and bearer token, and never one that ended before it began', async () => {
    const streams = fakeEventStreams();
    const fetch = fakeFetch((_url, init) => streams.respond(init.signal));
    const http = client(fetch, 'tok-1');
    const ended = new AbortController();
    ended.abort();
    http.stream('/events/ended', {
      onMessage: () => {},
      onRefused: () => {},
      signal: ended.signal,
    });

    const live = new AbortController();
    const messages: string[] = [];
    http.stream('/events', {
      onMessage: ({ event }) => messages.push(event),
      onRefused: () => {},
      signal: live.signal,
    });
    await waitFor(() => expect(streams.open).toBe(1));
    streams.send('reset', {});
    await waitFor(() => expect(messages).toEqual(['reset']));
    // Only the live one was ever requested.
    expect(fetch.mock.calls.map(([url]) => urlText(url))).toEqual(['/api/v1/events']);
    live.abort();
    await waitFor(() => expect(streams.open).toBe(0));
    const headers = fetch.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers['api-key']).toBe('key-123');
  });

  it('reconnects after an end or a server failure with Last-Event-ID, and stops for good on a refusal', async () => {
    const answers = [
      () =>
        new Response('retry: 10\n\nid: 41\nevent: change\ndata: {}\n\n', {
          status: 200,
          headers: { 'Content-Type': 'text/event-stream' },
        }),
      () => jsonResponse(503, { code: 'INTERNAL_ERROR', status: 503, message: 'down' }),
      () => jsonResponse(401, { code: 'UNAUTHORISED', status: 401, message: 'no session' }),
    ];
    const fetch = fakeFetch(() => answers[fetch.mock.calls.length - 1]?.());
    const refusals: ApiRequestError[] = [];
    const messages: string[] = [];
    client(fetch, 'tok-1').stream('/events', {
      onMessage: ({ event }) => messages.push(event),
      onRefused: (error) => refusals.push(error),
      signal: new AbortController().signal,
    });
    await waitFor(() => expect(refusals).toHaveLength(1));
    expect(refusals[0]).toMatchObject({ status: 401, code: 'UNAUTHORISED' });
    expect(messages).toEqual(['change']);
    const sent = fetch.mock.calls.map(([, init]) => init?.headers as Record<string, string>);
    expect(sent.map((headers) => headers['Last-Event-ID'])).toEqual([undefined, '41', '41']);
    expect(sent.every((headers) => headers.Accept === 'text/event-stream')).toBe(true);
    // A refusal is final: no other attempt follows it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

describe('uploads and redirects', () => {
  it('sends one file as multipart, with the api-key and token but no JSON type, and tells its progress', async () => {
    const fetch = fakeFetch(() => jsonResponse(201, { stored: true }));
    const progress: [number, number][] = [];
    const file = new File(['jpeg bytes'], 'bag.jpg', { type: 'image/jpeg' });
    const answer = await client(fetch, 'tok-1').upload('/bags/1/attachments', {
      query: { name: 'bag.jpg' },
      file,
      fileName: 'bag.jpg',
      onProgress: (sent, total) => progress.push([sent, total]),
    });
    expect(answer).toEqual({ stored: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/bags/1/attachments?name=bag.jpg');
    expect(init?.method).toBe('POST');
    const headers = init?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers['api-key']).toBe('key-123');
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect((init?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(progress).toEqual([[file.size, file.size]]);
  });

  it('turns a refused upload into an ApiRequestError', async () => {
    const fetch = fakeFetch(() =>
      jsonResponse(415, { code: 'UNSUPPORTED_MEDIA_TYPE', status: 415, message: 'no' }),
    );
    const error = await failure(
      client(fetch).upload('/x', { file: new Blob(['x']), fileName: 'x.txt' }),
    );
    expect(error).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('follows a redirect with the headers and answers the address it ended at, body unread', async () => {
    const response = new Response('image bytes', { status: 200 });
    Object.defineProperty(response, 'url', { value: 'https://files.example/a.jpg?sig=1' });
    const fetch = fakeFetch(() => response);
    expect(await client(fetch, 'tok-1').follow('/bags/1/attachments/2')).toBe(
      'https://files.example/a.jpg?sig=1',
    );
    const headers = fetch.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
  });
});
