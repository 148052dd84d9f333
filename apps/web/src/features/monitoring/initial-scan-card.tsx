import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatNumber } from '@tern/domain/i18n/format';
import type { ScanStatus } from '@tern/domain/monitoring/schemas';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CardBody } from '../../components/cards/card-body.tsx';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { subscriptionQuery } from './datasets.ts';
import { monitoringPaths } from './paths.ts';
import { scanQuery } from './scan-query.ts';

/**
 * INITIAL_SCAN: where the first scan of the monitored data stands — its progress while it
 * runs, what it found once done — moving with the scan job through the live events
 * (`monitoring.scan`). When the scan cannot be read (spec 1 §8: that call swallows), the
 * subscription's own word is shown.
 */
export default function InitialScanCard() {
  const { t } = useTranslation('monitoring');
  const context = useDatasetContext();
  // Read only: the data loading after login reads (and makes) the subscription.
  const subscription = useQuery({ ...subscriptionQuery(context), enabled: false }).data;
  const scan = useQuery(scanQuery(context));
  if (scan.data) return <ScanState scan={scan.data} />;
  const text =
    !subscription || scan.isPending
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

function ScanState({ scan }: { scan: ScanStatus }) {
  const { t, i18n } = useTranslation('monitoring');
  const label = useId();
  const nothingAdded = scan.state === 'complete' && scan.itemsTotal === 0;
  return (
    <CardBody
      loaded
      failed={false}
      empty={nothingAdded}
      emptyText={t('cards.initial_scan.nothing_added')}
      emptyAction={{ label: t('cards.initial_scan.add'), to: monitoringPaths.monitoredData }}
    >
      {scan.state === 'not_subscribed' ? (
        <Typography>{t('cards.initial_scan.inactive')}</Typography>
      ) : scan.state === 'complete' ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography>
            {scan.alertsFound
              ? t('cards.initial_scan.found', { count: scan.alertsFound })
              : t('cards.initial_scan.found_none')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('cards.initial_scan.checked', {
              items: formatNumber(scan.itemsTotal, i18n.language),
              breaches: formatNumber(scan.breachesChecked, i18n.language),
            })}
          </Typography>
          <Link component={RouterLink} to={monitoringPaths.monitoredData} variant="body2">
            {scan.alertsFound
              ? t('cards.initial_scan.see_alerts')
              : t('cards.initial_scan.see_data')}
          </Link>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography id={label}>
            {scan.state === 'queued'
              ? t('cards.initial_scan.queued')
              : t('cards.initial_scan.progress', {
                  scanned: formatNumber(scan.itemsScanned, i18n.language),
                  total: formatNumber(scan.itemsTotal, i18n.language),
                })}
          </Typography>
          <LinearProgress
            aria-labelledby={label}
            {...(scan.state === 'running' && scan.itemsTotal > 0
              ? {
                  variant: 'determinate' as const,
                  value: Math.round((scan.itemsScanned / scan.itemsTotal) * 100),
                }
              : { variant: 'indeterminate' as const })}
            sx={{ height: 8, borderRadius: 1 }}
          />
        </Box>
      )}
    </CardBody>
  );
}
