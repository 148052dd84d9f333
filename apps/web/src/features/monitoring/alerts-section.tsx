import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { MonitoringAlert } from '@tern/domain/monitoring/schemas';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadState } from '../../components/page/load-state.tsx';
import { useDataset, useRefreshDataset } from '../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { AlertChips, AlertFacts, useAlertTitle } from './alert-details.tsx';
import { monitoringAlertsDataset } from './datasets.ts';
import { actionPlanPath } from './paths.ts';

/**
 * The alerts of the monitored-data page: the open ones as the API ranks them (most severe
 * first), then the closed ones, each with why it ranks there and the way to its action plan.
 * Spec 1 §8: the alert fetch rejects, so a failure is said here with a retry.
 */
export function AlertsSection() {
  const { t } = useTranslation('monitoring');
  const heading = useId();
  const alerts = useDataset(monitoringAlertsDataset);
  const refresh = useRefreshDataset(monitoringAlertsDataset);
  const handleError = useErrorHandler();
  const list = alerts.data ?? [];
  const open = list.filter((alert) => !alert.completed);
  const closed = list.filter((alert) => alert.completed);
  return (
    <Box component="section" aria-labelledby={heading} sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h2" id={heading}>
        {t('alerts.title')}
      </Typography>
      <LoadState
        loaded={alerts.loaded}
        failed={alerts.failed}
        rowHeight={120}
        onRetry={() => void refresh().catch((error: unknown) => handleError(error))}
      >
        {list.length === 0 ? (
          <Typography color="text.secondary">{t('alerts.empty')}</Typography>
        ) : (
          <>
            <AlertGroup title={t('alerts.open')} alerts={open} empty={t('alerts.none_open')} />
            {closed.length ? <AlertGroup title={t('alerts.closed')} alerts={closed} /> : null}
          </>
        )}
      </LoadState>
    </Box>
  );
}

/** A group of alerts under its own heading (open, closed), as a list named by it. */
function AlertGroup({
  title,
  alerts,
  empty,
}: {
  title: string;
  alerts: readonly MonitoringAlert[];
  empty?: string;
}) {
  const heading = useId();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="h6" component="h3" id={heading}>
        {title}
      </Typography>
      {alerts.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Box
          component="ul"
          aria-labelledby={heading}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}
        >
          {alerts.map((alert) => (
            <AlertCard key={alert.alertId} alert={alert} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function AlertCard({ alert }: { alert: MonitoringAlert }) {
  const { t } = useTranslation('monitoring');
  const title = useAlertTitle()(alert);
  const heading = useId();
  return (
    <Card component="li" variant="outlined" aria-labelledby={heading}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography
          variant="subtitle1"
          component="h4"
          id={heading}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        <AlertChips alert={alert} />
        <AlertFacts alert={alert} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Button
            variant={alert.completed ? 'outlined' : 'contained'}
            component={RouterLink}
            to={actionPlanPath(alert.alertId)}
            aria-label={t('alerts.open_plan_of', { title })}
          >
            {t('alerts.open_plan')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('plan.progress', { done: alert.actionsCompleted, total: alert.actionsTotal })}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
