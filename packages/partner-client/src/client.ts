import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema.d.ts';

export interface PartnerClientOptions {
  /** Tern's address: `https://api.tern.example` (the paths carry `/api/v1`). */
  baseUrl: string;
  /** Your partner's `api-key`. */
  apiKey: string;
  /** One of your server secrets: server side only, never in a browser. */
  serverSecret: string;
  /** Another fetch (a test's, a proxy's); the global one by default. */
  fetch?: ClientOptions['fetch'];
}

/** The typed client of the partner API: each call's path, parameters, body and answers. */
export type PartnerClient = Client<paths>;

/**
 * A client of the partner API for your back end: every call sends your `api-key` and
 * `Authorization: Bearer <server secret>`. Each answers `{ data }` (the success body) or
 * `{ error }` (Tern's error body: `code`, `message`, `field`…), and `response`.
 */
export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { 'api-key': options.apiKey, authorization: `Bearer ${options.serverSecret}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
