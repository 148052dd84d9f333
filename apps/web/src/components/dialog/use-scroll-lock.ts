import { useEffect } from 'react';

/** Open dialogs share one lock: the page scrolls again only when the last of them closes. */
let openLocks = 0;
let saved: { overflow: string; paddingRight: string } | undefined;

/**
 * Blocks page scrolling while `active` (spec 1 §2). The scrollbar's width is kept as padding
 * so the page does not jump sideways when the scrollbar disappears.
 */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const { body, documentElement } = document;
    if (openLocks === 0) {
      saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
      const scrollbar = window.innerWidth - documentElement.clientWidth;
      if (documentElement.clientWidth > 0 && scrollbar > 0)
        body.style.paddingRight = `${scrollbar}px`;
      body.style.overflow = 'hidden';
    }
    openLocks += 1;
    return () => {
      openLocks -= 1;
      if (openLocks === 0 && saved) {
        body.style.overflow = saved.overflow;
        body.style.paddingRight = saved.paddingRight;
        saved = undefined;
      }
    };
  }, [active]);
}
