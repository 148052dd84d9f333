import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { frameBundle } from './frame-bundle.ts';

/** What the frame may weigh on a phone's first open of the card form, gzipped. */
const BUDGET_BYTES = 15 * 1024;

describe('the frame’s bundle', () => {
  it(`is one small script under ${BUDGET_BYTES / 1024} KB gzipped, with card-validator and no zod, React or phone metadata`, async () => {
    const { code } = await frameBundle();
    expect(gzipSync(code).length).toBeLessThan(BUDGET_BYTES);
    expect(code).toContain('tern-card-frame');
    expect(code).toContain('american-express');
    for (const absent of ['ZodError', 'react', 'libphonenumber', 'sourceMappingURL'])
      expect(code).not.toContain(absent);
  });

  it('is made once, and named by its content', async () => {
    const [first, second] = await Promise.all([frameBundle(), frameBundle()]);
    expect(second).toBe(first);
    expect(first.version).toMatch(/^[\w-]{16}$/);
  });
});
