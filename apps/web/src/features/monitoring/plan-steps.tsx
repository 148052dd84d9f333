import CheckCircle from '@mui/icons-material/CheckCircle';
import ExpandMore from '@mui/icons-material/ExpandMore';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatDate } from '@tern/domain/i18n/format';
import { monitoringContracts } from '@tern/domain/monitoring/contracts';
import type { AlertAction } from '@tern/domain/monitoring/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/page/load-state.tsx';
import { useDatasetContext, useRefreshDataset } from '../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { actionPlanStore } from './action-plan-store.ts';
import { CardReplacement } from './card-replacement.tsx';
import { monitoredDataDataset, monitoringAlertsDataset } from './datasets.ts';
import { actionsQuery, alertQuery } from './queries.ts';

const withAction = (actions: readonly AlertAction[], changed: AlertAction) =>
  actions.map((action) => (action.actionItem === changed.actionItem ? changed : action));

/**
 * The steps of an alert's plan (spec 1 §4): each titled and explained, ticked done or not,
 * with the progress "Fixed X of Y". A tick shows at once and is kept in session storage; the
 * server's answer then stands. Spec 1 §8: the completion rejects, so a refused tick is taken
 * back and said. One step is open at a time (the current action).
 */
export function PlanSteps({ alertId }: { alertId: string }) {
  const { t } = useTranslation('monitoring');
  const context = useDatasetContext();
  const client = useQueryClient();
  const handleError = useErrorHandler();
  const refreshAlerts = useRefreshDataset(monitoringAlertsDataset);
  const refreshData = useRefreshDataset(monitoredDataDataset);
  const query = actionsQuery(context, alertId);
  const actions = useQuery(query);
  const [current, setCurrent] = useState<string | null>(null);
  const progressLabel = useId();

  const save = (list: readonly AlertAction[]) => {
    client.setQueryData(query.queryKey, [...list]);
    actionPlanStore.write(context.userId, alertId, list);
  };
  /** The alert's count of steps done, and the lists showing it, follow the plan. */
  const followUp = () => {
    void client.invalidateQueries({ queryKey: alertQuery(context, alertId).queryKey, exact: true });
    void Promise.all([refreshAlerts(), refreshData()]).catch(() => undefined);
  };

  const tick = async (action: AlertAction, completed: boolean) => {
    const before = client.getQueryData(query.queryKey) ?? actions.data ?? [];
    const completedOn = completed ? new Date().toISOString() : null;
    save(withAction(before, { ...action, completed, completedOn }));
    try {
      const saved = await context.api.call(monitoringContracts.setAction, {
        params: { userId: context.userId, alertId },
        body: { actionItem: action.actionItem, completed, completedOn },
      });
      save(withAction(client.getQueryData(query.queryKey) ?? before, saved));
      followUp();
    } catch (error) {
      save(before);
      await handleError(error);
    }
  };

  const list = actions.data;
  if (!list)
    return actions.isError ? (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void actions.refetch()}>
            {t('app.retry', { ns: 'translation' })}
          </Button>
        }
      >
        {t('plan.load_failed')}
      </Alert>
    ) : (
      <Loading rowHeight={56} rows={3} />
    );

  const done = list.filter((action) => action.completed).length;
  return (
    <Box component="section" aria-labelledby={progressLabel} sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Typography variant="h6" component="h2" id={progressLabel}>
          {t('plan.title')}
        </Typography>
        <Typography variant="body2" data-testid="plan-progress">
          {t('plan.progress', { done, total: list.length })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={list.length ? (done / list.length) * 100 : 0}
          aria-label={t('plan.progress', { done, total: list.length })}
          sx={{ height: 8, borderRadius: 1 }}
        />
      </Box>
      <div>
        {list.map((action) => (
          <Step
            key={action.actionItem}
            action={action}
            alertId={alertId}
            expanded={current === action.actionItem}
            onExpand={(open) => setCurrent(open ? action.actionItem : null)}
            onTick={(completed) => void tick(action, completed)}
            onOrdered={() => {
              void actions.refetch();
              followUp();
            }}
          />
        ))}
      </div>
    </Box>
  );
}

function Step({
  action,
  alertId,
  expanded,
  onExpand,
  onTick,
  onOrdered,
}: {
  action: AlertAction;
  alertId: string;
  expanded: boolean;
  onExpand: (open: boolean) => void;
  onTick: (completed: boolean) => void;
  onOrdered: () => void;
}) {
  const { t, i18n } = useTranslation('monitoring');
  const id = useId();
  const title = t(`actions.${action.actionItem}.title`);
  return (
    <Accordion
      disableGutters
      variant="outlined"
      expanded={expanded}
      onChange={(_, open) => onExpand(open)}
      data-action={action.actionItem}
    >
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${id}-body`} id={`${id}-title`}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0 }}>
          {action.completed ? (
            <CheckCircle color="success" titleAccess={t('plan.done')} />
          ) : (
            <RadioButtonUnchecked color="action" titleAccess={t('plan.to_do')} />
          )}
          <Box sx={{ minWidth: 0 }}>
            <Typography component="span" sx={{ fontWeight: 500, display: 'block' }}>
              {title}
            </Typography>
            {action.completed && action.completedOn ? (
              <Typography component="span" variant="body2" color="text.secondary">
                {t('plan.done_on', { date: formatDate(action.completedOn, i18n.language) })}
              </Typography>
            ) : null}
          </Box>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${id}-body`} sx={{ display: 'grid', gap: 1.5 }}>
        <Typography sx={{ whiteSpace: 'pre-line' }}>
          {t(`actions.${action.actionItem}.body`)}
        </Typography>
        {action.partnerAction === 'card_order_replacement' ? (
          <CardReplacement alertId={alertId} ordered={action.completed} onOrdered={onOrdered} />
        ) : null}
        <FormControlLabel
          control={
            <Checkbox
              checked={action.completed}
              onChange={(event) => onTick(event.target.checked)}
            />
          }
          label={t('plan.mark_done')}
        />
      </AccordionDetails>
    </Accordion>
  );
}
