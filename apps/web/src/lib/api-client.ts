import {
  pathFor,
  successSchema,
  type Contract,
  type RequestOf,
  type ResponseOf,
} from '@tern/domain/contract';
import type { HttpClient, QueryValue, StreamOptions } from './http.ts';

export type CallOptions = {
  signal?: AbortSignal | undefined;
  /** Another session's bearer token (ending an agent's session kept aside). */
  token?: string | undefined;
};

/** A contract's request, optional when the contract takes no params, query or body. */
export type CallArgs<C extends Contract> =
  Record<never, never> extends RequestOf<C>
    ? [input?: RequestOf<C>, options?: CallOptions]
    : [input: RequestOf<C>, options?: CallOptions];

/**
 * The portal's typed API client: every call names its contract, so the method, the path, the
 * request's shape and the answer's schema come from the one definition the API registers its
 * route from. An answer that does not match the contract fails as "invalid response".
 */
export type ApiClient = {
  call<C extends Contract>(contract: C, ...args: CallArgs<C>): Promise<ResponseOf<C>>;
  /** A file contract's answer (a wallet pass): its bytes as a Blob, of the contract's type. */
  file<C extends Contract & { file: string }>(contract: C, ...args: CallArgs<C>): Promise<Blob>;
  /** Opens a stream contract's server-sent events (see `HttpClient.stream`). */
  stream<C extends Contract & { stream: true }>(
    contract: C,
    input: RequestOf<C>,
    options: StreamOptions,
  ): void;
};

type Parts = {
  params?: Record<string, unknown>;
  query?: Record<string, QueryValue>;
  body?: unknown;
};

export function createApiClient(http: HttpClient): ApiClient {
  return {
    call(contract, ...[input, options = {}]) {
      const { params, query, body } = (input ?? {}) as Parts;
      return http.request(pathFor(contract, params), {
        method: contract.method,
        ...(query ? { query } : {}),
        ...(body === undefined ? {} : { body }),
        schema: successSchema(contract) as never,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.token ? { token: options.token } : {}),
      });
    },
    file(contract, ...[input, options = {}]) {
      return http.file(pathFor(contract, (input as Parts | undefined)?.params), {
        accept: contract.file,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.token ? { token: options.token } : {}),
      });
    },
    stream(contract, input, options) {
      http.stream(pathFor(contract, (input as Parts).params), options);
    },
  };
}
