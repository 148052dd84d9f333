import { DocumentView } from './document-page.tsx';

/** `/key-facts` (spec 2 §2.2): the key facts of the cover, linked from the insurance list. */
export default function KeyFactsPage() {
  return <DocumentView id="key-facts" />;
}
