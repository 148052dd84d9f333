import axe from 'axe-core';

/**
 * What axe finds wrong in the page as rendered, one line per rule broken with the elements
 * it names (empty when clean). Colour contrast needs a layout jsdom has not: the journeys
 * check it in Chromium.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
