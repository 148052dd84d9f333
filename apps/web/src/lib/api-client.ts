import type { ContractById, ContractId } from '@tern/domain/areas';
import {
  pathFor,
  successSchema,
  type Contract,
  type ReplyOf,
  type RequestOf,
  type ResponseOf,
  type RouteHead,
} from '@tern/domain/contract';
import type { HttpClient, QueryValue, StreamOptions } from './http.ts';
import type { UploadProgress } from './upload.ts';

/** What an upload sends: one file, under the name it travels with. */
type UploadFile = { file: Blob; fileName: string; onProgress?: UploadProgress };

type CallOptions = {
  signal?: AbortSignal | undefined;
  /** Another session's bearer token (ending an agent's session kept aside). */
  token?: string | undefined;
};

/** A contract's request, optional when the contract takes no params, query or body. */
type CallArgs<C extends Contract> =
  Record<never, never> extends RequestOf<C>
    ? [input?: RequestOf<C>, options?: CallOptions]
    : [input: RequestOf<C>, options?: CallOptions];

/**
 * The contracts whose answer, as the portal types it (after the schema), is one the API may
 * write: no transform to another type (a date object, a number from text). The API writes
 * answers by the schema's output (defaults filled in, `apps/api/src/plugins/serializer.ts`),
 * so these read the same parsed or not; `read` takes only their heads.
 */
type ReadableContractId = {
  [I in ContractId]: [ResponseOf<ContractById<I>>] extends [ReplyOf<ContractById<I>>] ? I : never;
}[ContractId];

/** The contracts whose answer is a stream of server-sent events. */
type StreamContractId = {
  [I in ContractId]: ContractById<I> extends { stream: true } ? I : never;
}[ContractId];

/**
 * The portal's typed API client: every call names its contract, so the method, the path, the
 * request's shape and the answer's schema come from the one definition the API registers its
 * route from. An answer that does not match the contract fails as "invalid response".
 */
export type ApiClient = {
  call<C extends Contract>(contract: C, ...args: CallArgs<C>): Promise<ResponseOf<C>>;
  /**
   * A call by its route's zod-free head (`@tern/domain/<area>/routes`), typed by the head's
   * contract, its answer not parsed again: the signed-in user's data at start, so the
   * dashboard downloads no zod. The API writes every answer from the same contract's schema
   * (`apps/api/src/plugins/serializer.ts`: only its fields leave, checked against zod
   * outside production), and the contracts read this way have answers that read the same
   * after parsing (`ReadableContractId`), so a second parse here would only repeat the
   * server's; the web tests' fake API checks every answer against the contract.
   * Forms, and every answer a page parses for its values, use `call`.
   */
  read<I extends ReadableContractId>(
    route: RouteHead<I> & Pick<ContractById<I>, 'method' | 'path'>,
    ...args: CallArgs<ContractById<I>>
  ): Promise<ResponseOf<ContractById<I>>>;
  /** A file contract's answer (a wallet pass): its bytes as a Blob, of the contract's type. */
  file<C extends Contract & { file: string }>(contract: C, ...args: CallArgs<C>): Promise<Blob>;
  /**
   * Opens a stream contract's server-sent events (see `HttpClient.stream`), by its route's
   * zod-free head: each event's data is the caller's to read.
   */
  stream<I extends StreamContractId>(
    route: RouteHead<I> & Pick<ContractById<I>, 'path'>,
    input: RequestOf<ContractById<I>>,
    options: StreamOptions,
  ): void;
  /**
   * An upload contract's call (`upload`: one file of a document use): the file as
   * `multipart/form-data`, its progress told as it is sent, the answer parsed as `call`'s.
   */
  upload<C extends Contract & { upload: string }>(
    contract: C,
    input: RequestOf<C>,
    file: UploadFile,
    options?: CallOptions,
  ): Promise<ResponseOf<C>>;
  /**
   * A redirect contract's call (`redirect`: a 302 to a short-lived signed download): followed
   * with the portal's headers, it answers the signed address, which needs none (an `<img>`
   * source, a link opened in a new tab).
   */
  follow<C extends Contract & { redirect: true }>(
    contract: C,
    ...args: CallArgs<C>
  ): Promise<string>;
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
    read(route, ...[input, options = {}]) {
      const { params, query, body } = (input ?? {}) as Parts;
      return http.request(pathFor(route, params), {
        method: route.method,
        ...(query ? { query } : {}),
        ...(body === undefined ? {} : { body }),
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
    stream(route, input, options) {
      http.stream(pathFor(route, (input as Parts).params), options);
    },
    upload(contract, input, { file, fileName, onProgress }, options = {}) {
      const { params, query } = input as Parts;
      return http.upload(pathFor(contract, params), {
        file,
        fileName,
        onProgress,
        ...(query ? { query } : {}),
        schema: successSchema(contract) as never,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    },
    follow(contract, ...[input, options = {}]) {
      return http.follow(
        pathFor(contract, (input as Parts | undefined)?.params),
        options.signal ? { signal: options.signal } : {},
      );
    },
  };
}
