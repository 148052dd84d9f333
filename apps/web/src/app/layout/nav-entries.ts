import type { OfferConfig } from '@tern/domain/partners/offers';
import { offeredWebAreas, type WebArea } from '../../core/area.ts';
import { paths } from '../../core/routing/paths.ts';

/** A link of the signed-in navigation: its label is text `label` of namespace `ns`. */
export type NavLink = { path: string; ns: string; label: string };

/** The text namespaces the labels need, loaded before the navigation shows. */
export const labelNamespaces = (links: readonly NavLink[]): string[] => [
  ...new Set(links.map(({ ns }) => ns)),
];

/**
 * The signed-in navigation: home first (the dashboard, or for staff on their own session the
 * agent console it shows them), then the pages of the areas the partner's configuration
 * offers. Staff on their own session see only the pages meant for everyone and the pages of
 * their console their access profile has (an ADMIN's staff and audit log).
 */
export function navLinks(
  areas: readonly WebArea[],
  config: OfferConfig,
  {
    staffConsole,
    hasFeature = () => false,
  }: { staffConsole: boolean; hasFeature?: (feature: string) => boolean },
): NavLink[] {
  const shown = (entry: NonNullable<WebArea['nav']>[number]) =>
    entry.feature
      ? staffConsole && hasFeature(entry.feature)
      : entry.everyone === true || !staffConsole;
  return [
    {
      path: paths.dashboard,
      ns: 'translation',
      label: staffConsole ? 'nav.agent_console' : 'nav.dashboard',
    },
    ...offeredWebAreas(areas, config).flatMap((area) =>
      (area.nav ?? [])
        .filter(shown)
        .map((entry) => ({ path: entry.path, ns: area.name, label: entry.label })),
    ),
  ];
}
