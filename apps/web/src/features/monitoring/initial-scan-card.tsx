import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CardBody } from '../../components/cards/card-body.tsx';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { subscriptionQuery } from './datasets.ts';

/** INITIAL_SCAN: where the first scan of the monitored data stands. */
export default function InitialScanCard() {
  const { t } = useTranslation('monitoring');
  // Read only: the data loading after login reads (and makes) the subscription.
  const subscription = useQuery({ ...subscriptionQuery(useDatasetContext()), enabled: false }).data;
  const text = !subscription
    ? undefined
    : 'error' in subscription
      ? t('cards.initial_scan.unknown')
      : !subscription.subscribed
        ? t('cards.initial_scan.inactive')
        : subscription.initialScan
          ? t('cards.initial_scan.complete')
          : t('cards.initial_scan.running');
  return (
    <CardBody loaded={text !== undefined} failed={false} empty={false} emptyText="">
      <Typography>{text}</Typography>
    </CardBody>
  );
}
