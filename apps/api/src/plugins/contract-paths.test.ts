import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allContracts } from '@tern/domain';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const sourceDirs = [
  'packages/domain/src',
  'apps/api/src',
  'apps/api/test',
  'apps/web/src',
  'apps/web/e2e',
  'scripts',
];

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mjs|js)$/.test(entry.name)) yield path;
  }
}

/** The code of a file without its comments: a comment may cite the spec's call. */
const codeOf = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A contract's path as it would be written out: literally, or with its parameters filled. */
const pattern = (path: string) =>
  new RegExp(`${escape(path.replace(/\/$/, '')).replace(/\\\{[^}]+\\\}/g, '[^/\\s]+')}(?![\\w-])`);

describe('endpoint paths', () => {
  it('are written once, in their contract: every other file names the contract', () => {
    const found: string[] = [];
    const all = sourceDirs.flatMap((dir) => [...sourceFiles(dir)]);
    for (const contract of allContracts) {
      const written = pattern(contract.path);
      for (const file of all) {
        // Contract files and the route heads they take their paths from (`routes.ts`, zod-free
        // for the portal's first load) write paths; a longer path, or another method's, may
        // start with this one.
        if (/^packages\/domain\/src\/[^/]+\/(contracts|routes)\.ts$/.test(file)) continue;
        // The partner client's callers name paths as its generated types (made from these
        // contracts, and checked against them by its drift test) spell them: that is its API.
        if (file === 'apps/api/src/partner-client.test.ts') continue;
        if (written.test(codeOf(readFileSync(join(root, file), 'utf8'))))
          found.push(`${contract.id}: ${relative(root, join(root, file))}`);
      }
    }
    expect(found).toEqual([]);
  });
});
