import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * A new page whose old one took the focus with it (the control pressed is gone: a form sent,
 * a card's link followed, signing in or out) gives the focus to `main`'s start, as a page
 * load would: the next Tab reaches the page's first control, not wherever the browser lands
 * after the element it lost. A focus still on the page (a header link) is left where it is.
 */
export function useFocusOnNewPage(mainId: string) {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [mainId, pathname]);
}
