import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { commands, entrypointsFile, otherRoutes, renderEntrypoints } from './entrypoints.ts';

const scripts = Object.keys(
  (
    JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts,
);

describe('docs/entrypoints.md', () => {
  const t = useTestApp({ seed: false });

  it('is the page the code generates (run `npm run docs:entrypoints` after a change)', async () => {
    expect(readFileSync(entrypointsFile, 'utf8')).toBe(
      await renderEntrypoints(t.app.platform.jobs.definitions()),
    );
  });

  it('lists every HTTP route outside the API root', () => {
    const listed = otherRoutes.flatMap((entry) => entry.routes);
    const isListed = (route: string) =>
      listed.some((entry) =>
        entry.endsWith('/**') ? route.startsWith(entry.slice(0, -2)) : route === entry,
      );
    const served = t.app.routeTable
      .filter((route) => !route.url.startsWith('/api/v1/') && route.method !== 'OPTIONS')
      .map((route) => `${route.method} ${route.url}`);
    expect(served.filter((route) => !isListed(route))).toEqual([]);
  });

  it('describes every command of the root package', () => {
    expect(scripts.filter((name) => !commands[name])).toEqual([]);
  });
});
