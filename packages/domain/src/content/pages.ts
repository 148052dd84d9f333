/**
 * The document ids every bundle has: the pages the footer and registration link to. Kept
 * apart from the schemas, so the portal's shell (which imports no zod) can name them.
 */
export const CONTENT_PAGES = ['terms', 'privacy', 'key-facts', 'contact'] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];
