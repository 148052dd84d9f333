import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_ROOT } from '@tern/domain/constants';
import { pathFor } from '@tern/domain/contract';
import { translationsRoute } from '@tern/domain/i18n/contracts';
import { partnersContracts } from '@tern/domain/partners/contracts';
import { resolutionsContracts } from '@tern/domain/resolutions/contracts';
import { describe, expect, it } from 'vitest';
import { passPath } from '../../features/resolutions/paths.ts';

/**
 * `public/sw.js` is served as written, not built, so it cannot import the contracts: its
 * paths are read here and held against them (issue 26 item 6).
 */
const worker = readFileSync(join(import.meta.dirname, '../../../public/sw.js'), 'utf8');
const constant = (name: string): unknown => {
  const found = new RegExp(`^const ${name} = (.+);$`, 'm').exec(worker);
  if (!found) throw new Error(`sw.js has no const ${name}`);
  // sw.js is plain JavaScript the browser runs: its constant is read as the browser would.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the repository's own file
  return new Function(`return ${found[1]}`)() as unknown;
};
const api = constant('API') as string;
const kept = constant('KEPT_API') as RegExp[];
const passPage = constant('PASS_PAGE') as RegExp;
const under = (path: string) => `${API_ROOT}${path}`;
const keptApi = (path: string) => kept.some((pattern) => pattern.test(path.slice(api.length)));

describe('the service worker’s paths', () => {
  it('has the API root of the domain', () => {
    expect(api).toBe(`${API_ROOT}/`);
  });

  it('knows the pass page of the portal', () => {
    expect(passPage.test(passPath('p-1'))).toBe(true);
    expect(passPage.test('/resolution/select')).toBe(false);
  });

  it('keeps the pass, the client record and the theme files, by their contracts', () => {
    expect(keptApi(under(pathFor(resolutionsContracts.pass, { passId: 'p-1' })))).toBe(true);
    expect(keptApi(under(pathFor(partnersContracts.client)))).toBe(true);
    expect(keptApi(under(pathFor(partnersContracts.themeConfig, { theme: 'skyward' })))).toBe(true);
    expect(keptApi(under(pathFor(translationsRoute, { theme: 'skyward', file: 'en' })))).toBe(true);
  });

  it('keeps no other answer of a customer', () => {
    expect(keptApi(under(pathFor(resolutionsContracts.walletPass, { passId: 'p-1' })))).toBe(false);
    expect(keptApi(under(pathFor(resolutionsContracts.options)))).toBe(false);
  });
});
