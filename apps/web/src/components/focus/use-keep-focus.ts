import { useEffect, useRef, type FocusEvent } from 'react';

const FOCUSABLE =
  'button:not(:disabled), [href], input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps a keyboard's focus in a part of a page whose controls change under it: pressing a
 * button that its answer replaces (Yes becomes Confirm, a form's dialog closes with the
 * button that opened it gone) would leave the focus nowhere, and the next Tab at the page's
 * start. When the focus was last in the part (or in a dialog it opened) and nothing has it
 * now, its first control takes it, else the part itself. Spread the answer on the part's
 * element; it is focusable from script only (tabIndex -1).
 */
export function useKeepFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const held = useRef(false);
  // After every render: whatever changed may have taken the focused control away.
  useEffect(() => {
    const part = ref.current;
    if (!held.current || !part) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    (part.querySelector<HTMLElement>(FOCUSABLE) ?? part).focus();
  });
  return {
    ref,
    tabIndex: -1,
    // React's focus events bubble through portals: a dialog the part opened counts as in it.
    onFocus: () => {
      held.current = true;
    },
    onBlur: (event: FocusEvent) => {
      // The focus went somewhere else; none (a control removed, the window left) keeps it.
      if (event.relatedTarget) held.current = false;
    },
  };
}
