import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { embedBundle, registerEmbedScript } from './embed-script.ts';

/** What a partner's page pays for the widget before any panel loads (issue 30: a few KB). */
const BUDGET_BYTES = 4 * 1024;

describe('the embed script', () => {
  it(`is one small script under ${BUDGET_BYTES / 1024} KB gzipped, without zod or React`, async () => {
    const { code } = await embedBundle();
    expect(gzipSync(code).length).toBeLessThan(BUDGET_BYTES);
    expect(code).toContain('TernWidget');
    expect(code).toContain('/widgets/payoutmethods');
    for (const absent of ['ZodError', 'react', 'sourceMappingURL'])
      expect(code).not.toContain(absent);
  });

  it('is served to other origins’ pages, kept a short while', async () => {
    const app = Fastify();
    registerEmbedScript(app);
    const res = await app.inject({ method: 'GET', url: '/embed.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toBe((await embedBundle()).code);
    await app.close();
  });
});
