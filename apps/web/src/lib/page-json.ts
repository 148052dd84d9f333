/**
 * The JSON data the API wrote into the page (`<script type="application/json" id>`), or
 * undefined when the page has no such element (Vite's dev server) or it does not parse.
 */
export function readPageJson(id: string, doc: Document = document): unknown {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
