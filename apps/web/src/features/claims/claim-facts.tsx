import type { ItemAlert } from '@tern/domain/claims/schemas';
import { formatMoney } from '@tern/domain/i18n/format';
import { useTranslation } from 'react-i18next';
import { formatPercent } from './claim-format.ts';
import { Fact, FactList } from '../../components/fact-list/fact-list.tsx';
import { useTriggerText } from './trigger-text.ts';

/**
 * What an expanded claim card shows of the claim (spec 2 §2.6): its description, the
 * restoration period, the profit margin, the retention (when the cover has
 * one, 0 included), the applicable limit — money whole, as §9 writes these two — and the
 * trigger's measured value against its threshold.
 */
export function ClaimFacts({ claim }: { claim: ItemAlert }) {
  const { t, i18n } = useTranslation('claims');
  const triggerText = useTriggerText();
  const money = (amount: number) =>
    formatMoney(amount, claim.data.currency, i18n.language, { whole: true });
  return (
    <FactList label={t('claim.details', { number: claim.claimNumber })}>
      <Fact term={t('claim.description')}>{claim.description}</Fact>
      <Fact term={t('claim.restoration')}>
        {t('claim.restoration_value', {
          start: claim.restoration.start,
          end: claim.restoration.end,
        })}
      </Fact>
      <Fact term={t('claim.margin')}>{formatPercent(claim.data.profitMargin, i18n.language)}</Fact>
      {claim.data.retention !== null ? (
        <Fact term={t('claim.retention')}>{money(claim.data.retention)}</Fact>
      ) : null}
      <Fact term={t('claim.limit')}>{money(claim.data.applicableLimit)}</Fact>
      {claim.trigger ? <Fact term={t('claim.trigger')}>{triggerText(claim.trigger)}</Fact> : null}
    </FactList>
  );
}
