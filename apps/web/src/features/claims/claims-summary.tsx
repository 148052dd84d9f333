import { useTranslation } from 'react-i18next';
import { CardFigure } from '../../components/cards/card-figure.tsx';
import { useDataset } from '../../core/data/use-dataset.ts';
import { itemAlertsDataset, itemsDataset } from './datasets.ts';
import { claimsPaths } from './paths.ts';

/** On the SUMMARY card: how many locations are insured and how many claims are open, linking to them. */
export default function ClaimsSummary() {
  const { t } = useTranslation('claims');
  const items = useDataset(itemsDataset);
  const alerts = useDataset(itemAlertsDataset);
  return (
    <>
      <CardFigure
        loaded={items.loaded}
        to={claimsPaths.claims}
        text={t('cards.summary.items', { number: items.data?.length ?? 0 })}
      />
      <CardFigure
        loaded={alerts.loaded}
        to={claimsPaths.claims}
        text={t('cards.summary.open_claims', {
          number: alerts.data?.filter((alert) => !alert.completed).length ?? 0,
        })}
      />
    </>
  );
}
