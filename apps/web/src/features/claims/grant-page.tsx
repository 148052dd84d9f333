import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page/page.tsx';
import { bankReturnOf, forgetBankReturn } from './bank-return.ts';
import { ConnectionFailed, ConsentCompletion } from './consent-completion.tsx';
import { GrantIntro } from './grant-intro.tsx';

/**
 * `/permissions/grant` (spec 2 §2.2, issue 28 item 2): the open-banking consent journey.
 * Reached from Connect banking it says what connecting shares and leaves for the bank; the
 * bank sends the customer back here, with a code to finish the journey or with its refusal.
 */
export default function GrantPage() {
  const { t } = useTranslation('claims');
  const [search] = useSearchParams();
  // Read once: the address loses the bank's parameters at once (below).
  const [returned] = useState(() => bankReturnOf(search));
  useEffect(() => {
    if (returned) forgetBankReturn();
  }, [returned]);
  return (
    <Page title={t('grant.title')} lead={t('grant.lead')} testId="grant">
      {returned?.kind === 'granted' ? (
        <ConsentCompletion returned={returned} />
      ) : returned?.kind === 'failed' ? (
        <ConnectionFailed error={returned.error} />
      ) : (
        <GrantIntro />
      )}
    </Page>
  );
}
