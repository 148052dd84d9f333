import { useEffect } from 'react';
import { useAppServices } from '../app-services.ts';

/** A page's document title: "Dashboard · Skyward Air"; the partner's name alone without one. */
const pageTitle = (title: string | undefined, partnerName: string): string =>
  title ? `${title} · ${partnerName}` : partnerName;

/**
 * Names the page in the browser's tab, history and screen readers' page announcements. Every
 * page calls it with its own heading (or what stands for it while loading).
 */
export function usePageTitle(title: string | undefined): void {
  const { name } = useAppServices().themeConfig.branding;
  useEffect(() => {
    document.title = pageTitle(title, name);
  }, [title, name]);
}
