/**
 * The document ids every bundle has: the pages the footer and registration link to. Kept
 * apart from the schemas, so the portal's shell (which imports no zod) can name them.
 */
export const CONTENT_PAGES = ['terms', 'privacy', 'key-facts', 'contact'] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];

/**
 * Documents a bundle may have besides: linked from where they apply, not from the footer
 * (`payout-terms`: the terms of the partner's international payout provider, spec 2 §2.5).
 */
export const PARTNER_DOCUMENTS = ['payout-terms'] as const;
export type DocumentId = ContentPage | (typeof PARTNER_DOCUMENTS)[number];
export const isDocumentId = (id: string | undefined): id is DocumentId =>
  [...CONTENT_PAGES, ...PARTNER_DOCUMENTS].some((known) => known === id);
