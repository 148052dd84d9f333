import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` whose module can be fetched ahead (`load`): once it is there, the component
 * renders at once, where a lazy component over a settled promise still suspends for a tick
 * (its callbacks run after the render) and paints its fallback first. `main.tsx` awaits the
 * first page's modules, so the first paint is the page itself, not its loader.
 */
export function lazyOnce<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  let loaded: { module: M } | undefined;
  const fetchOnce = () =>
    load().then((module) => {
      loaded = { module };
      return module;
    });
  const Component = lazy(() =>
    loaded
      ? // A thenable that calls back at once: React takes the module in this render.
        ({
          then: (resolve: (value: { default: ComponentType<P> }) => void) =>
            resolve({ default: pick(loaded!.module) }),
        } as unknown as Promise<{ default: ComponentType<P> }>)
      : fetchOnce().then((module) => ({ default: pick(module) })),
  );
  return { Component, load: fetchOnce };
}
