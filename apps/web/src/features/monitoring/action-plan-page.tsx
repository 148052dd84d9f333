import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MonitoringAlert } from '@tern/domain/monitoring/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { selectMenuProps } from '../../components/inputs/select-menu-props.ts';
import { LoadState } from '../../components/page/load-state.tsx';
import { Page } from '../../components/page/page.tsx';
import { paths } from '../../core/routing/paths.ts';
import { useDataset, useDatasetContext, useRefreshDataset } from '../../core/data/use-dataset.ts';
import { ApiRequestError } from '../../lib/api-request-error.ts';
import { AlertChips, AlertFacts, breachDescription, useAlertTitle } from './alert-details.tsx';
import { CostInfo } from './cost-info.tsx';
import { monitoredDataDataset, monitoringAlertsDataset } from './datasets.ts';
import { DismissAlertDialog } from './dismiss-alert-dialog.tsx';
import { ALERT_ID_PARAM, monitoringPaths } from './paths.ts';
import { PlanArticles } from './plan-articles.tsx';
import { PlanSteps } from './plan-steps.tsx';
import { alertQuery } from './queries.ts';

/**
 * `/monitored-data/action-plan?alertId=` (spec 1 §2, §4; issue 29 item 6): an alert — what was
 * found, where, how severe and why — and its plan: concrete steps for the item's country, ticked
 * done (kept in session storage and on the server) with the progress "Fixed X of Y"; "this
 * isn't me" closes the alert with a reason; the cost-info panel. Another alert is chosen from
 * the user's alerts, which starts its plan afresh (no step open).
 */
export default function ActionPlanPage() {
  const { t } = useTranslation('monitoring');
  const [params, setParams] = useSearchParams();
  const alertId = params.get(ALERT_ID_PARAM) ?? '';
  return (
    <Page
      title={t('action_plan.title')}
      {...(alertId ? {} : { lead: t('action_plan.empty') })}
      testId="action-plan"
    >
      <Box sx={{ display: 'grid', gap: 3 }}>
        <AlertPicker alertId={alertId} onChoose={(id) => setParams({ [ALERT_ID_PARAM]: id })} />
        {/* Keyed by the alert: choosing another clears the step open and the order shown. */}
        {alertId ? <AlertPlan key={alertId} alertId={alertId} /> : null}
        <CostInfo />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" component={RouterLink} to={monitoringPaths.monitoredData}>
            {t('action_plan.back')}
          </Button>
          <Button component={RouterLink} to={paths.dashboard}>
            {t('nav.back_to_dashboard', { ns: 'translation' })}
          </Button>
        </Box>
      </Box>
    </Page>
  );
}

/** The user's alerts to choose from (a failure to read them is said on the monitored-data page). */
function AlertPicker({ alertId, onChoose }: { alertId: string; onChoose: (id: string) => void }) {
  const { t } = useTranslation('monitoring');
  const alerts = useDataset(monitoringAlertsDataset).data ?? [];
  const title = useAlertTitle();
  if (alerts.length === 0) return null;
  const known = alerts.some((alert) => alert.alertId === alertId);
  return (
    <TextField
      select
      label={t('action_plan.choose')}
      value={known ? alertId : ''}
      onChange={(event) => onChoose(event.target.value)}
      fullWidth
      slotProps={{ select: { MenuProps: selectMenuProps(false) } }}
    >
      {alerts.map((alert) => (
        <MenuItem key={alert.alertId} value={alert.alertId} sx={{ whiteSpace: 'normal' }}>
          {t('action_plan.option', {
            name: alert.friendlyName,
            title: title(alert),
            state: alert.completed
              ? t('alert.closed')
              : t(`severity.levels.${alert.severity.level}`),
          })}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * One alert and its plan. Spec 1 §8: the single-alert fetch rejects, so a failure is said
 * with a retry; an alert that is not the user's is not found, as it is for the API.
 */
function AlertPlan({ alertId }: { alertId: string }) {
  const { t } = useTranslation('monitoring');
  const context = useDatasetContext();
  const alert = useQuery(alertQuery(context, alertId));
  const notFound =
    alert.data === null ||
    (alert.error instanceof ApiRequestError && [400, 404].includes(alert.error.status));
  if (notFound)
    return (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Alert severity="warning" sx={{ justifySelf: 'stretch' }}>
          {t('action_plan.not_found')}
        </Alert>
      </Box>
    );
  return (
    <LoadState
      loaded={Boolean(alert.data)}
      failed={alert.isError}
      rowHeight={160}
      onRetry={() => void alert.refetch()}
    >
      {alert.data ? (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <AlertCard alert={alert.data} />
          <PlanSteps alertId={alertId} />
          <PlanArticles />
        </Box>
      ) : null}
    </LoadState>
  );
}

function AlertCard({ alert }: { alert: MonitoringAlert }) {
  const { t } = useTranslation('monitoring');
  const title = useAlertTitle()(alert);
  const heading = useId();
  const context = useDatasetContext();
  const client = useQueryClient();
  const refreshAlerts = useRefreshDataset(monitoringAlertsDataset);
  const refreshData = useRefreshDataset(monitoredDataDataset);
  const [dismissing, setDismissing] = useState(false);
  const description = breachDescription(alert.breach.description);
  return (
    <Card component="section" variant="outlined" aria-labelledby={heading}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h6" component="h2" id={heading} sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <AlertChips alert={alert} />
        <AlertFacts alert={alert} />
        {description ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {description}
          </Typography>
        ) : null}
        {alert.completed ? null : (
          <Box>
            <Button variant="outlined" color="inherit" onClick={() => setDismissing(true)}>
              {t('dismiss.open')}
            </Button>
          </Box>
        )}
      </CardContent>
      {dismissing ? (
        <DismissAlertDialog
          alert={alert}
          onClose={() => setDismissing(false)}
          onDismissed={(closed) => {
            client.setQueryData(alertQuery(context, alert.alertId).queryKey, closed);
            void Promise.all([refreshAlerts(), refreshData()]).catch(() => undefined);
          }}
        />
      ) : null}
    </Card>
  );
}
