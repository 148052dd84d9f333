import type { DocumentId } from '@tern/domain/content/pages';

/** The help pages (spec 1 §7 "Content"; spec 2 §2.2 `/key-facts`). */
export const contentPaths = {
  help: '/help',
  document: '/help/:documentId',
  keyFacts: '/key-facts',
  /** Where a signed-in user whose terms are PENDING accepts them before going on. */
  acceptTerms: '/terms/accept',
} as const;

/** The page of a help document: `/key-facts` for the key facts, `/help/<id>` otherwise. */
export const documentPath = (id: DocumentId): string =>
  id === 'key-facts' ? contentPaths.keyFacts : `${contentPaths.help}/${id}`;
