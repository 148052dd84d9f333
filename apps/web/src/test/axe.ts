import axe from 'axe-core';

/**
 * What axe finds wrong in the page as rendered, one line per rule broken with the elements,
 * so a failure says what to fix (empty when clean). Colour contrast needs a layout jsdom has
 * not: the journeys check it in Chromium.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const { violations } = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return violations.map(
    (v) => `${v.id}: ${v.help}` + v.nodes.map((node) => `\n  ${node.target.join(' ')}`).join(''),
  );
}
