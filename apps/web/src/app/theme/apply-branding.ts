import type { Branding } from '@tern/domain/partners/config';

/** Points the favicon and the document title at the partner's branding. */
export function applyBranding(branding: Branding, doc: Document = document): void {
  doc.title = branding.name;
  let icon = doc.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.append(icon);
  }
  icon.href = branding.images.favicon;
}
