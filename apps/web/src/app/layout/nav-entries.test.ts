import { describe, expect, it } from 'vitest';
import type { WebArea } from '../../core/area.ts';
import { configOfMode } from '../../test/theme-config-fixture.ts';
import { labelNamespaces, navLinks } from './nav-entries.ts';

const areas: WebArea[] = [
  { name: 'travel', nav: [{ path: '/trips', label: 'nav.trips' }] },
  { name: 'claims', nav: [{ path: '/claims', label: 'nav.claims' }] },
  { name: 'content', nav: [{ path: '/help', label: 'title', everyone: true }] },
  { name: 'accounts', nav: [{ path: '/admin/staff', label: 'staff', feature: 'admin-console' }] },
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

  it("adds a console's pages for staff whose access profile has its feature, on their own session only", () => {
    const admin = (feature: string) => feature === 'admin-console';
    expect(
      navLinks(areas, configOfMode('default'), { staffConsole: true, hasFeature: admin }).map(
        (l) => l.path,
      ),
    ).toEqual(['/dashboard', '/help', '/admin/staff']);
    // Acting for a customer, an ADMIN has the customer's pages, not the console's.
    expect(
      navLinks(areas, configOfMode('default'), { staffConsole: false, hasFeature: admin }).map(
        (l) => l.path,
      ),
    ).toEqual(['/dashboard', '/trips', '/help']);
  });
});
