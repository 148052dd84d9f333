import { API_ROOT, BUILD_NUMBER, RELEASE } from '@tern/domain/constants';
import type { RuntimeConfig } from '@tern/domain/partners/config';
import { PAGE_CONFIG_ELEMENTS } from '@tern/domain/partners/page-config';
import { isRecord } from '../lib/is-record.ts';
/** Served by the API too, for the Vite dev server whose index.html has no such element. */
const RUNTIME_CONFIG_URL = '/runtime-config.json';

/**
 * Used when no configuration can be read at all (API down): the app still renders, with the
 * baseline theme, and every call fails through the one error handler.
 */
export const fallbackRuntimeConfig: RuntimeConfig = {
  apiRoot: API_ROOT,
  apiKey: '',
  partnerId: '',
  theme: 'baseline',
  buildNumber: BUILD_NUMBER,
  release: RELEASE,
};

/** Every field of the domain's RuntimeConfig (the compiler keeps this list complete). */
const RUNTIME_CONFIG_FIELDS: Record<keyof RuntimeConfig, true> = {
  apiRoot: true,
  apiKey: true,
  partnerId: true,
  theme: true,
  buildNumber: true,
  release: true,
};

/**
 * The server produces this object from `runtimeConfigSchema`; the browser checks that every
 * field arrived as text. (The zod schema itself stays out of the first download.)
 */
const checkRuntimeConfig = (raw: unknown): RuntimeConfig => {
  const fields = Object.keys(RUNTIME_CONFIG_FIELDS);
  if (!isRecord(raw) || !fields.every((field) => typeof raw[field] === 'string')) {
    throw new Error('runtime config: invalid response');
  }
  return raw as RuntimeConfig;
};

/**
 * The partner's runtime configuration, resolved by the API from the host the page was opened
 * on. It arrives as JSON data (not script) so the content security policy needs no exception.
 */
export async function readRuntimeConfig(
  doc: Document = document,
  send: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<RuntimeConfig> {
  const embedded = doc.getElementById(PAGE_CONFIG_ELEMENTS.runtime)?.textContent;
  if (embedded) return checkRuntimeConfig(JSON.parse(embedded));
  const response = await send(RUNTIME_CONFIG_URL, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`runtime config: HTTP ${response.status}`);
  return checkRuntimeConfig(await response.json());
}
