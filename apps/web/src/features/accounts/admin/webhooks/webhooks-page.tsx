import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDateTimeUtc } from '@tern/domain/i18n/format';
import { partnersContracts } from '@tern/domain/partners/contracts';
import type { WebhookEndpoint } from '@tern/domain/partners/webhooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/dialog/confirm-dialog.tsx';
import { LoadState } from '../../../../components/page/load-state.tsx';
import { ResponsiveTable, type Column } from '../../../../components/table/responsive-table.tsx';
import { useToast } from '../../../../components/toasts/use-toast.ts';
import { useAppServices } from '../../../../core/app-services.ts';
import { useErrorHandler } from '../../../../core/errors/error-handler-context.ts';
import { AdminPage } from '../admin-page.tsx';
import { AddWebhookDialog } from './add-webhook-dialog.tsx';
import { SecretDialog } from './secret-dialog.tsx';
import { useWebhooks } from './use-webhooks.ts';
import { Link as RouterLink } from 'react-router';
import { accountsPaths } from '../../paths.ts';

/**
 * `/admin/webhooks`, the admin console's webhooks page: the partner's endpoints with their
 * events, whether they are on and their newest delivery; adding one (its signing secret shown
 * once), turning one off or on, rotating its secret (shown once) and deleting it after a
 * yes / no.
 */
export default function WebhooksPage() {
  const { t } = useTranslation('accounts');
  return (
    <AdminPage
      title={t('admin.webhooks_title')}
      lead={t('admin.webhooks_lead')}
      testId="webhooks-page"
    >
      <Endpoints />
    </AdminPage>
  );
}

const DELIVERY_COLOUR = { pending: 'info', succeeded: 'success', failed: 'error' } as const;

/** A question before an action that cannot be taken back. */
type Asking = { kind: 'delete' | 'rotate'; endpoint: WebhookEndpoint };

function Endpoints() {
  const { t } = useTranslation('accounts');
  const { api, runtime } = useAppServices();
  const toast = useToast();
  const handleError = useErrorHandler();
  const partnerId = runtime.partnerId;
  const query = useWebhooks();
  const { refresh } = query;
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const endpoints = query.data ?? [];

  const toggle = async (endpoint: WebhookEndpoint) => {
    const enabled = !endpoint.enabled;
    await api.call(partnersContracts.updateWebhook, {
      params: { partnerId, endpointId: endpoint.id },
      body: { enabled },
    });
    await refresh();
    toast.showMessage(t(enabled ? 'admin.webhook_enabled' : 'admin.webhook_disabled'), 'success');
  };

  const answer = async ({ kind, endpoint }: Asking) => {
    const params = { partnerId, endpointId: endpoint.id };
    if (kind === 'rotate') {
      const rotated = await api.call(partnersContracts.rotateWebhookSecret, { params });
      setSecret(rotated.secret);
    } else {
      await api.call(partnersContracts.removeWebhook, { params });
      await refresh();
      toast.showMessage(t('admin.webhook_deleted'), 'success');
    }
    setAsking(null);
  };

  const columns: Column<WebhookEndpoint>[] = [
    {
      key: 'endpoint',
      label: t('admin.col_endpoint'),
      render: (endpoint) => (
        <>
          <Box component="span" sx={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Box>
          {endpoint.description ? (
            <Typography variant="body2" color="text.secondary">
              {endpoint.description}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      key: 'events',
      label: t('admin.col_events'),
      render: (endpoint) => endpoint.events.join(', '),
    },
    {
      key: 'status',
      label: t('admin.col_status'),
      render: (endpoint) => (
        <Chip
          size="small"
          variant="outlined"
          color={endpoint.enabled ? 'success' : 'default'}
          label={t(endpoint.enabled ? 'admin.webhook_on' : 'admin.webhook_off')}
        />
      ),
    },
    {
      key: 'lastDelivery',
      label: t('admin.col_last_delivery'),
      render: ({ lastDelivery }) =>
        lastDelivery ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              size="small"
              variant="outlined"
              color={DELIVERY_COLOUR[lastDelivery.status]}
              label={t(`admin.delivery_${lastDelivery.status}`)}
            />
            {formatDateTimeUtc(lastDelivery.createdAt)}
          </Box>
        ) : (
          t('admin.no_delivery')
        ),
    },
    {
      key: 'actions',
      label: t('admin.col_actions'),
      render: (endpoint) => (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant="outlined"
            component={RouterLink}
            to={accountsPaths.webhookDeliveries.replace(':endpointId', endpoint.id)}
            aria-label={t('admin.deliveries_name', { url: endpoint.url })}
          >
            {t('admin.deliveries')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            aria-label={t(
              endpoint.enabled ? 'admin.disable_webhook_name' : 'admin.enable_webhook_name',
              {
                url: endpoint.url,
              },
            )}
            onClick={() => void toggle(endpoint).catch((error: unknown) => handleError(error))}
          >
            {t(endpoint.enabled ? 'admin.disable' : 'admin.enable')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            aria-label={t('admin.rotate_name', { url: endpoint.url })}
            onClick={() => setAsking({ kind: 'rotate', endpoint })}
          >
            {t('admin.rotate')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="error"
            aria-label={t('admin.delete_name', { url: endpoint.url })}
            onClick={() => setAsking({ kind: 'delete', endpoint })}
          >
            {t('admin.delete')}
          </Button>
        </Box>
      ),
    },
  ];

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" onClick={() => setAdding(true)}>
          {t('admin.add_webhook')}
        </Button>
      </Box>
      <LoadState
        loaded={query.data !== undefined}
        failed={query.isError}
        rowHeight={56}
        onRetry={() => void query.refetch()}
      >
        {endpoints.length === 0 ? (
          <Typography role="status">{t('admin.no_webhooks')}</Typography>
        ) : (
          <ResponsiveTable
            label={t('admin.webhooks_list')}
            columns={columns}
            rows={endpoints}
            rowKey={(endpoint) => endpoint.id}
          />
        )}
      </LoadState>
      {adding ? (
        <AddWebhookDialog
          onCancel={() => setAdding(false)}
          onDone={(created) => {
            setAdding(false);
            setSecret(created);
            toast.showMessage(t('admin.webhook_added'), 'success');
            void refresh();
          }}
        />
      ) : null}
      {secret ? <SecretDialog secret={secret} onDone={() => setSecret(null)} /> : null}
      {asking ? (
        <ConfirmDialog
          title={t(asking.kind === 'delete' ? 'admin.delete_title' : 'admin.rotate_title', {
            url: asking.endpoint.url,
          })}
          yesLabel={t(asking.kind === 'delete' ? 'admin.delete' : 'admin.rotate')}
          noLabel={t('admin.cancel')}
          onYes={() => answer(asking)}
          onNo={() => setAsking(null)}
        >
          {t(asking.kind === 'delete' ? 'admin.delete_body' : 'admin.rotate_body')}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
