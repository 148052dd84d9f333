import { useTranslation } from 'react-i18next';
import { CardFigure } from '../../components/cards/card-figure.tsx';
import { useDataset } from '../../core/data/use-dataset.ts';
import { itemAlertsDataset, itemsDataset } from './datasets.ts';

/** On the SUMMARY card: how many locations are insured and how many claims are open. */
export default function ClaimsSummary() {
  const { t } = useTranslation('claims');
  const items = useDataset(itemsDataset);
  const alerts = useDataset(itemAlertsDataset);
  return (
    <>
      <CardFigure
        loaded={items.loaded}
        text={t('cards.summary.items', { number: items.data?.length ?? 0 })}
      />
      <CardFigure
        loaded={alerts.loaded}
        text={t('cards.summary.open_claims', {
          number: alerts.data?.filter((alert) => !alert.completed).length ?? 0,
        })}
      />
    </>
  );
}
