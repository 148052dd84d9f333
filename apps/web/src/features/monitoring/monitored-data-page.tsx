import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  MONITORED_DATA_CATEGORIES,
  MONITORED_DATA_TYPES,
  type MonitoredDataType,
} from '@tern/domain/constants';
import { monitoringContracts } from '@tern/domain/monitoring/contracts';
import type { MonitoredItem, Subscriptions } from '@tern/domain/monitoring/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog.tsx';
import { LoadState } from '../../components/page/load-state.tsx';
import { Page } from '../../components/page/page.tsx';
import { useToast } from '../../components/toasts/use-toast.ts';
import { datasetQueryKey } from '../../core/data/dataset.ts';
import { useDataset, useDatasetContext, useRefreshDataset } from '../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { AlertsSection } from './alerts-section.tsx';
import { DataTypeRow } from './data-type-row.tsx';
import { monitoredDataDataset, monitoringAlertsDataset } from './datasets.ts';
import { useNewAlertToast } from './use-new-alert-toast.ts';
import { useRefreshAfterAdd } from './use-refresh-after-add.ts';

// The form (the value formats' libraries, the card frame) arrives when it is opened.
const MonitoredItemDialog = lazy(() => import('./monitored-item-dialog.tsx'));

type Editing = { dataType: MonitoredDataType; item?: MonitoredItem };

/** The data with one item more, or one less, as the API now has it. */
const withItem = (data: Subscriptions, item: MonitoredItem, change: 'add' | 'edit' | 'delete') => {
  const type = data[item.dataType];
  if (!type) return data;
  const others = type.items.filter((i) => i.id !== item.id);
  const items =
    change === 'delete'
      ? others
      : change === 'add'
        ? [...others, item]
        : type.items.map((i) => (i.id === item.id ? item : i));
  return { ...data, [item.dataType]: { ...type, items } };
};

/**
 * `/monitored-data` (spec 1 §2 "Monitored-data page", issue 29): one collapsible row per data
 * type, grouped by category, each with "n of max", its items and their menus; and the user's
 * alerts, ranked by severity. Spec 1 §8: the read of the monitored data rejects, so its failure
 * is said with a retry. Live: the scan's alerts and another tab's changes show without a reload.
 */
export default function MonitoredDataPage() {
  const { t } = useTranslation('monitoring');
  const data = useDataset(monitoredDataDataset);
  const alerts = useDataset(monitoringAlertsDataset);
  useNewAlertToast(alerts.data);
  const refresh = useRefreshDataset(monitoredDataDataset);
  const handleError = useErrorHandler();
  const context = useDatasetContext();
  const client = useQueryClient();
  const toast = useToast();
  const refreshAfterAdd = useRefreshAfterAdd();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<MonitoredItem | null>(null);

  const update = (item: MonitoredItem, change: 'add' | 'edit' | 'delete') =>
    client.setQueryData<Subscriptions>(
      datasetQueryKey(context.userId, monitoredDataDataset.name),
      (current) => (current ? withItem(current, item, change) : current),
    );

  const subscriptions = data.data;
  const types = MONITORED_DATA_TYPES.filter((type) => {
    const entry = subscriptions?.[type];
    // A partner gives a type no room (maxAllowed 0) to leave it out; items kept stay shown.
    return entry && (entry.maxAllowed > 0 || entry.items.length > 0);
  });
  const total = types.reduce((sum, type) => sum + (subscriptions?.[type]?.items.length ?? 0), 0);
  const openAlerts = alerts.data?.some((alert) => !alert.completed) ?? false;

  const rows = (
    <LoadState
      key="data"
      loaded={data.loaded}
      failed={data.failed}
      rowHeight={56}
      onRetry={() => void refresh().catch((error: unknown) => handleError(error))}
    >
      <Box sx={{ display: 'grid', gap: 3 }}>
        {total === 0 ? <Alert severity="info">{t('page.empty')}</Alert> : null}
        {MONITORED_DATA_CATEGORIES.map((category) => {
          const own = types.filter((type) => subscriptions?.[type]?.category === category);
          return own.length ? (
            <Category key={category} title={t(`categories.${category}`)}>
              {own.map((type) => {
                const entry = subscriptions![type];
                return (
                  <DataTypeRow
                    key={type}
                    dataType={type}
                    items={entry.items}
                    maxAllowed={entry.maxAllowed}
                    alerts={alerts.data ?? []}
                    onAdd={() => setEditing({ dataType: type })}
                    onEdit={(item) => setEditing({ dataType: type, item })}
                    onDelete={setRemoving}
                  />
                );
              })}
            </Category>
          ) : null;
        })}
      </Box>
    </LoadState>
  );
  const alertSection = <AlertsSection key="alerts" />;

  return (
    <Page title={t('title')} lead={t('lead')} testId="monitored-data">
      <Box sx={{ display: 'grid', gap: 5 }}>
        {/* Open alerts are what needs doing: they lead while there are any. */}
        {openAlerts ? [alertSection, rows] : [rows, alertSection]}
      </Box>
      {editing ? (
        <Suspense fallback={null}>
          <MonitoredItemDialog
            dataType={editing.dataType}
            {...(editing.item ? { item: editing.item } : {})}
            onClose={() => setEditing(null)}
            onSaved={(item, mode) => {
              update(item, mode);
              if (mode === 'add') refreshAfterAdd();
            }}
            onFull={() => void refresh().catch(() => undefined)}
          />
        </Suspense>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t('delete.title', { name: removing.friendlyName })}
          yesLabel={t('delete.confirm')}
          noLabel={t('delete.back')}
          onNo={() => setRemoving(null)}
          onYes={async () => {
            await context.api.call(monitoringContracts.deleteItem, {
              params: { userId: context.userId, id: removing.id },
            });
            update(removing, 'delete');
            toast.showMessage(
              t('notifications.item_removed', { name: removing.friendlyName }),
              'success',
            );
            setRemoving(null);
          }}
        >
          {t('delete.body')}
        </ConfirmDialog>
      ) : null}
    </Page>
  );
}

function Category({ title, children }: { title: string; children: ReactNode }) {
  const heading = useId();
  return (
    <Box component="section" aria-labelledby={heading} sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="h6" component="h2" id={heading}>
        {title}
      </Typography>
      <div>{children}</div>
    </Box>
  );
}
