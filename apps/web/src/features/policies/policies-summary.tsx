import { useTranslation } from 'react-i18next';
import { CardBody } from '../../components/cards/card-body.tsx';
import { ItemList } from '../../components/cards/item-list.tsx';
import { useDataset } from '../../core/data/use-dataset.ts';
import { formatDate } from '@tern/domain/i18n/format';
import { policiesDataset } from './datasets.ts';

/** On the SUMMARY card: the user's active policies, their product, dates and people covered. */
export default function PoliciesSummary() {
  const { t, i18n } = useTranslation('policies');
  const policies = useDataset(policiesDataset);
  const list = policies.data ?? [];
  return (
    <CardBody
      loaded={policies.loaded}
      failed={policies.failed}
      empty={list.length === 0}
      emptyText={t('cards.summary.empty')}
    >
      <ItemList
        label={t('cards.summary.policies')}
        entries={list.map((policy) => ({
          key: policy.externalPolicyNumber,
          primary: t('cards.summary.policy', { number: policy.externalPolicyNumber }),
          // Its status, what it is, when it runs and whom it covers.
          secondary: [
            policy.active === 1 ? t('page.active') : null,
            policy.product,
            policy.policyEnd
              ? t('cards.summary.valid_until', {
                  start: formatDate(policy.policyStart, i18n.language),
                  end: formatDate(policy.policyEnd, i18n.language),
                })
              : t('cards.summary.open_ended', {
                  start: formatDate(policy.policyStart, i18n.language),
                }),
            t('page.people', { count: policy.maxInsured }),
          ]
            .filter(Boolean)
            .join(' · '),
        }))}
      />
    </CardBody>
  );
}
