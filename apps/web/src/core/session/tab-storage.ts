import { isWidgetPath } from '@tern/domain/widget/panels';
import { pageMemoryStorage } from '../../lib/storage.ts';

// A page opened on a widget path stays a widget panel for its life (its navigation stays
// under /widgets/): its session lives in its own memory, the portal's in the tab's storage.
/** This page is a widget panel, framed by a partner's page. */
export const inWidgetPanel =
  typeof window !== 'undefined' && isWidgetPath(window.location.pathname);
const memory = inWidgetPanel ? pageMemoryStorage() : undefined;

/** Where a session is kept: the tab's session storage, or a widget panel's own memory. */
export const tabStorage = (): Storage => memory ?? window.sessionStorage;
