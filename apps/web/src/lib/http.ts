import type { z } from 'zod';
import { ApiRequestError } from './api-request-error.ts';
import { fetchUpload, xhrUpload, type SendUpload, type UploadProgress } from './upload.ts';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

type RequestOptions<T> = {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Checks the answer; one that does not match fails as "invalid response". */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /**
   * Sends this bearer token instead of the current session's: used to end a session that is
   * not the current one (an agent's own session kept aside while acting for a customer).
   */
  token?: string;
};

/** One server-sent event of a stream. */
export type StreamMessage = { event: string; data: string };

export type StreamOptions = {
  onMessage: (message: StreamMessage) => void;
  /** A refusal (4xx): the stream stops for good. Network and server failures are retried. */
  onRefused: (error: ApiRequestError) => void;
  /** Ends the stream. */
  signal: AbortSignal;
};

/** How a file is fetched: with the same headers as every call. */
type FileOptions = Pick<RequestOptions<never>, 'signal' | 'token'> & {
  /** The media type asked for (`Accept`). */
  accept: string;
};

/** One file sent as `multipart/form-data` (field `file`), its answer JSON like any call's. */
type UploadOptions<T> = Pick<RequestOptions<T>, 'query' | 'schema' | 'signal'> & {
  file: Blob;
  /** The name the file travels under (the API keeps its own). */
  fileName: string;
  onProgress?: UploadProgress | undefined;
};

/** The transport under the API client (`api-client.ts`), which names every call's contract. */
export type HttpClient = {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  /** A GET whose answer is a file, not JSON (a wallet pass): its bytes, as a Blob. */
  file(path: string, options: FileOptions): Promise<Blob>;
  /**
   * Keeps a server-sent event stream open until `signal` aborts: with the same headers as
   * every call (the token in `Authorization`, never in the URL), reconnecting after a failure
   * or an end with `Last-Event-ID`, so the server sends what was missed.
   */
  stream(path: string, options: StreamOptions): void;
  /** A POST of one file (`multipart/form-data`), its progress told as it is sent. */
  upload<T = unknown>(path: string, options: UploadOptions<T>): Promise<T>;
  /**
   * A GET the API answers with a redirect, followed with the same headers as every call: the
   * address it ended at (a signed download link, which needs no headers), its body left unread.
   */
  follow(path: string, options?: Pick<RequestOptions<never>, 'signal'>): Promise<string>;
};

export type HttpClientOptions = {
  /** The versioned API root, e.g. `/api/v1`. */
  apiRoot: string;
  apiKey: string;
  /** The session token, read on every call so a login or logout applies at once. */
  getToken: () => string | undefined;
  fetch?: typeof fetch;
  /**
   * How an upload is sent: XMLHttpRequest by default, the one browser API that reports an
   * upload's progress; with `fetch` given (tests, the server render), through that fetch.
   */
  sendUpload?: SendUpload;
};

const buildUrl = (
  apiRoot: string,
  path: string,
  query: RequestOptions<unknown>['query'],
): string => {
  const root = apiRoot.replace(/\/+$/, '');
  const url = `${root}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
};

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiRequestError({ status: response.status, message: 'invalid response' });
  }
};

const toRequestError = async (response: Response): Promise<ApiRequestError> => {
  // The error schema (and zod with it) downloads with the first failure, not with the page.
  const [body, { apiErrorSchema }] = await Promise.all([
    readJson(response).catch(() => undefined),
    import('@tern/domain/errors'),
  ]);
  const parsed = apiErrorSchema.safeParse(body);
  const bodyName =
    typeof body === 'object' && body !== null && 'name' in body && typeof body.name === 'string'
      ? body.name
      : undefined;
  if (!parsed.success) {
    return new ApiRequestError({ status: response.status, message: response.statusText, bodyName });
  }
  const { code, message, field, details } = parsed.data;
  return new ApiRequestError({ status: response.status, code, message, field, details, bodyName });
};

/**
 * The one HTTP client of the portal. Every call sends JSON, the partner's `api-key` and, when
 * a session exists, its bearer token (spec 1 §7); every failure becomes an `ApiRequestError`.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sendUpload = options.sendUpload ?? (options.fetch ? fetchUpload(options.fetch) : xhrUpload);

  /** One call with the api-key and the bearer token: its answer, or an `ApiRequestError`. */
  async function call(
    url: string,
    init: {
      method: HttpMethod;
      accept: string;
      body?: unknown;
      signal?: AbortSignal;
      headers?: Record<string, string>;
      onProgress?: UploadProgress | undefined;
    },
    tokenOverride: string | undefined,
  ): Promise<Response> {
    const form = init.body instanceof FormData ? init.body : undefined;
    const headers: Record<string, string> = {
      ...init.headers,
      // A form's type carries its boundary: the browser writes it.
      ...(form ? {} : { 'Content-Type': 'application/json' }),
      Accept: init.accept,
      'api-key': options.apiKey,
    };
    const token = tokenOverride ?? options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      const signal = init.signal ? { signal: init.signal } : {};
      response = form
        ? await sendUpload(url, { headers, body: form, onProgress: init.onProgress, ...signal })
        : await send(url, {
            method: init.method,
            headers,
            ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
            ...signal,
          });
    } catch (cause) {
      // An aborted call is not a failure to report: let the caller see the AbortError.
      if (init.signal?.aborted) throw cause;
      throw new ApiRequestError({ status: 0, message: '', cause });
    }
    if (!response.ok) throw await toRequestError(response);
    return response;
  }

  async function request<T>(
    path: string,
    { method = 'GET', query, body, schema, signal, token }: RequestOptions<T> = {},
  ) {
    const response = await call(
      buildUrl(options.apiRoot, path, query),
      { method, accept: 'application/json', body, ...(signal ? { signal } : {}) },
      token,
    );
    return parse(response, schema);
  }

  async function upload<T>(
    path: string,
    { query, schema, signal, file, fileName, onProgress }: UploadOptions<T>,
  ) {
    const body = new FormData();
    body.append('file', file, fileName);
    const response = await call(
      buildUrl(options.apiRoot, path, query),
      {
        method: 'POST',
        accept: 'application/json',
        body,
        onProgress,
        ...(signal ? { signal } : {}),
      },
      undefined,
    );
    return parse(response, schema);
  }

  async function follow(path: string, { signal }: Pick<RequestOptions<never>, 'signal'> = {}) {
    const response = await call(
      buildUrl(options.apiRoot, path, undefined),
      { method: 'GET', accept: '*/*', ...(signal ? { signal } : {}) },
      undefined,
    );
    // Only the address is wanted: whoever shows the file fetches it from there.
    void response.body?.cancel().catch(() => undefined);
    return response.url;
  }

  async function parse<T>(response: Response, schema: z.ZodType<T> | undefined): Promise<T> {
    const data = await readJson(response);
    if (!schema) return data as T;
    const checked = schema.safeParse(data);
    if (!checked.success) {
      throw new ApiRequestError({
        status: response.status,
        message: 'invalid response',
        cause: checked.error,
      });
    }
    return checked.data;
  }

  function stream(path: string, { onMessage, onRefused, signal }: StreamOptions) {
    const url = buildUrl(options.apiRoot, path, undefined);
    const token = options.getToken();
    // Streams are for signed-in sessions: their code is not part of the first download.
    void import('./event-stream.ts')
      .then(({ keepEventStream }) =>
        keepEventStream({
          connect: (lastEventId, connection) =>
            call(
              url,
              {
                method: 'GET',
                accept: 'text/event-stream',
                signal: connection,
                ...(lastEventId === undefined ? {} : { headers: { 'Last-Event-ID': lastEventId } }),
              },
              token,
            ),
          onMessage,
          isFinal: isRefusal,
          signal,
        }),
      )
      .catch((error: unknown) => {
        // A refusal stops the stream; anything else ending it is its code's download.
        if (isRefusal(error)) onRefused(error);
        else console.warn('Live updates unavailable: the stream could not start.', error);
      });
  }

  async function file(path: string, { accept, signal, token }: FileOptions) {
    const response = await call(
      buildUrl(options.apiRoot, path, undefined),
      { method: 'GET', accept, ...(signal ? { signal } : {}) },
      token,
    );
    return response.blob();
  }

  return { request, file, stream, upload, follow };
}

/** A refusal (4xx) ends a stream; a network or server failure is retried. */
const isRefusal = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
