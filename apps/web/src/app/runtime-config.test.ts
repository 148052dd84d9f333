import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonResponse } from '../test/fake-fetch.ts';
import { testRuntimeConfig } from '../test/render-app.tsx';
import { readRuntimeConfig } from './runtime-config.ts';

const pageWith = (html: string) =>
  new DOMParser().parseFromString(`<html><head>${html}</head></html>`, 'text/html');

describe('readRuntimeConfig', () => {
  it('reads the configuration the API wrote into the page, without any request', async () => {
    const doc = pageWith(
      `<script id="tern-runtime-config" type="application/json">${JSON.stringify(testRuntimeConfig)}</script>`,
    );
    const fetch = fakeFetch(() => undefined);
    expect(await readRuntimeConfig(doc, fetch)).toEqual(testRuntimeConfig);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the API for /runtime-config.json when the page has no configuration (dev server)', async () => {
    const fetch = fakeFetch((url) =>
      url.pathname === '/runtime-config.json' ? jsonResponse(200, testRuntimeConfig) : undefined,
    );
    expect(await readRuntimeConfig(pageWith('<!--tern-runtime-config-->'), fetch)).toEqual(
      testRuntimeConfig,
    );
  });

  it('refuses a configuration with a missing field', async () => {
    const { apiKey: _, ...partial } = testRuntimeConfig;
    const doc = pageWith(
      `<script id="tern-runtime-config" type="application/json">${JSON.stringify(partial)}</script>`,
    );
    await expect(readRuntimeConfig(doc)).rejects.toThrow('invalid response');
  });
});
