import { useSyncExternalStore, type ReactNode } from 'react';

const never = () => () => undefined;

/**
 * `children` once the app runs in the browser; `fallback` on the server and while the browser
 * hydrates the server's markup (which must match it), then `children` at once.
 */
export function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const inBrowser = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  return inBrowser ? children : fallback;
}
