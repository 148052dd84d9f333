// Zod-free: the API's access answer and its area checks read it.
import type { AccessProfile, Feature } from '../access.ts';
import { WIDGET_PANELS, type WidgetPanel } from './panels.ts';

/** The features a panel gates (spec 2 §6), each with the panels that open it. */
const PANEL_FEATURES: ReadonlyMap<Feature, readonly WidgetPanel[]> = (() => {
  const map = new Map<Feature, WidgetPanel[]>();
  for (const [panel, entry] of Object.entries(WIDGET_PANELS) as [
    WidgetPanel,
    { feature?: Feature },
  ][])
    if (entry.feature) map.set(entry.feature, [...(map.get(entry.feature) ?? []), panel]);
  return map;
})();

/**
 * What a widget session's panels keep from its user's profile: a feature some panel gates
 * only when the session has that panel; a feature no panel gates (trips, resolutions…) as the
 * roles give it, since the panels the session has use it (the insurance panel's trips, a
 * resolution in the luggage panel). A panel without a feature (dashboard, account) opens none.
 */
export function withheldFeatures(panels: readonly WidgetPanel[]): ReadonlySet<Feature> {
  const withheld = new Set<Feature>();
  for (const [feature, openers] of PANEL_FEATURES)
    if (!openers.some((panel) => panels.includes(panel))) withheld.add(feature);
  return withheld;
}

/** The access profile of a widget session: its user's, less what its panels withhold. */
export function widgetAccessProfile(
  profile: AccessProfile,
  panels: readonly WidgetPanel[],
): AccessProfile {
  const withheld = withheldFeatures(panels);
  return profile.filter((entry) => !withheld.has(entry.feature as Feature));
}
