import { useTranslation } from 'react-i18next';
import { CardFigure } from '../../components/cards/card-figure.tsx';
import { useDataset } from '../../core/data/use-dataset.ts';
import { monitoredDataDataset, monitoringAlertsDataset } from './datasets.ts';
import { monitoringPaths } from './paths.ts';

/** On the SUMMARY card: how many items are monitored and how many alerts are open, linking to them. */
export default function MonitoringSummary() {
  const { t } = useTranslation('monitoring');
  const monitored = useDataset(monitoredDataDataset);
  const alerts = useDataset(monitoringAlertsDataset);
  const count = Object.values(monitored.data ?? {}).reduce(
    (total, type) => total + (type?.items.length ?? 0),
    0,
  );
  return (
    <>
      <CardFigure
        loaded={monitored.loaded}
        to={monitoringPaths.monitoredData}
        text={t('cards.summary.monitored_items', { number: count })}
      />
      <CardFigure
        loaded={alerts.loaded}
        to={monitoringPaths.monitoredData}
        text={t('cards.summary.open_alerts', {
          number: alerts.data?.filter((alert) => !alert.completed).length ?? 0,
        })}
      />
    </>
  );
}
