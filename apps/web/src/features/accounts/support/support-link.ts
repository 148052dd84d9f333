import { SUPPORT_CATEGORIES, SUPPORT_SUBJECT_MAX } from '@tern/domain/accounts/support-limits';
import { documentPath } from '../../content/index.ts';

type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

/** The contact page's query a link may start its support form with. */
const CATEGORY = 'category';
const SUBJECT = 'subject';

/**
 * The contact page with its support form started on a topic and a subject: "contact support"
 * from where something went wrong (a failed payment, with its reference).
 */
export const supportLink = (prefill: { category: SupportCategory; subject: string }): string =>
  `${documentPath('contact')}?${new URLSearchParams({
    [CATEGORY]: prefill.category,
    [SUBJECT]: prefill.subject,
  }).toString()}`;

/** What a link asks the support form to start with: a known topic, a subject within its limit. */
export function supportPrefillOf(search: URLSearchParams): {
  ticketCategory?: SupportCategory;
  ticketSubject?: string;
} {
  const category = SUPPORT_CATEGORIES.find((known) => known === search.get(CATEGORY));
  const subject = search.get(SUBJECT)?.trim().slice(0, SUPPORT_SUBJECT_MAX);
  return {
    ...(category ? { ticketCategory: category } : {}),
    ...(subject ? { ticketSubject: subject } : {}),
  };
}
