import axe from 'axe-core';

/**
 * What axe finds wrong in the page, one line per rule broken with the elements, so a failure
 * says what to fix. Colour contrast is left to the journeys in Chromium (jsdom paints
 * nothing), and so are landmarks: a dialog alone has no page around it.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const { violations } = await axe.run(root, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return violations.map(
    (v) => `${v.id}: ${v.help}` + v.nodes.map((node) => `\n  ${node.target.join(' ')}`).join(''),
  );
}
