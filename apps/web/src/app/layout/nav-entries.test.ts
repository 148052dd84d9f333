import { describe, expect, it } from 'vitest';
import type { WebArea } from '../../core/area.ts';
import { configOfMode } from '../../test/theme-config-fixture.ts';
import { labelNamespaces, navLinks } from './nav-entries.ts';

const areas: WebArea[] = [
  { name: 'travel', nav: [{ path: '/trips', label: 'nav.trips' }] },
  { name: 'claims', nav: [{ path: '/claims', label: 'nav.claims' }] },
  { name: 'content', nav: [{ path: '/help', label: 'title', everyone: true }] },
];

describe('navLinks', () => {
  it('leads with the dashboard, then the pages of the areas the configuration offers', () => {
    const links = navLinks(areas, configOfMode('default'), { staffConsole: false });
    expect(links.map((link) => link.path)).toEqual(['/dashboard', '/trips', '/help']);
    expect(
      navLinks(areas, configOfMode('parametric'), { staffConsole: false }).map((l) => l.path),
    ).toEqual(['/dashboard', '/claims', '/help']);
    expect(labelNamespaces(links)).toEqual(['translation', 'travel', 'content']);
  });

  it("gives staff on their own session the console and the pages meant for everyone, not a customer's", () => {
    expect(navLinks(areas, configOfMode('default'), { staffConsole: true })).toEqual([
      { path: '/dashboard', ns: 'translation', label: 'nav.agent_console' },
      { path: '/help', ns: 'content', label: 'title' },
    ]);
  });
});
