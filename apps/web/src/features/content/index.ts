import { lazy } from 'react';
import type { WebArea } from '../../core/area.ts';
import { contentPaths } from './paths.ts';

export { contentPaths, documentPath } from './paths.ts';
export { FooterLinks } from './footer-links.tsx';
export { useCountryNames } from './country-names.ts';

/** A help document in the page's frame, for an area's page built around one. */
export const DocumentView = lazy(() =>
  import('./document-page.tsx').then((m) => ({ default: m.DocumentView })),
);

/**
 * Help content (spec 1 §7 "Content"): the help centre with its questions, the documents the
 * footer links to, and the key facts (spec 2 §2.2). Open to anyone: terms and privacy are
 * read before an account exists.
 */
export const contentArea: WebArea = {
  name: 'content',
  nav: [{ path: contentPaths.help, label: 'title', everyone: true }],
  publicRoutes: [
    { path: contentPaths.help, Component: lazy(() => import('./help-centre-page.tsx')) },
    { path: contentPaths.document, Component: lazy(() => import('./document-page.tsx')) },
    { path: contentPaths.keyFacts, Component: lazy(() => import('./key-facts-page.tsx')) },
  ],
  sessionRoutes: [
    { path: contentPaths.acceptTerms, Component: lazy(() => import('./accept-terms-page.tsx')) },
  ],
};
