/**
 * The page as a phone of `width` px shows it: media queries (MUI's `useMediaQuery`) answer as
 * on a screen that wide. jsdom has no `matchMedia` of its own; the answer goes with `restore`.
 */
export function screenWidth(width: number): { restore: () => void } {
  // jsdom has none; a test environment that had one gets it back.
  const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  const matches = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
  };
  // What MUI reads of a media query list: whether it matches, and its change events.
  window.matchMedia = (query: string) =>
    Object.assign(new EventTarget(), {
      matches: matches(query),
      media: query,
      onchange: null,
    }) as unknown as MediaQueryList;
  return {
    restore: () => {
      if (original) Object.defineProperty(window, 'matchMedia', original);
      else Reflect.deleteProperty(window, 'matchMedia');
    },
  };
}
