import { MoreRows } from '../../../../components/table/more-rows.tsx';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { formatDateTimeUtc } from '@tern/domain/i18n/format';
import { partnersContracts } from '@tern/domain/partners/contracts';
import {
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@tern/domain/partners/webhooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadState } from '../../../../components/page/load-state.tsx';
import { ResponsiveTable, type Column } from '../../../../components/table/responsive-table.tsx';
import { useToast } from '../../../../components/toasts/use-toast.ts';
import { useAppServices } from '../../../../core/app-services.ts';
import { useErrorHandler } from '../../../../core/errors/error-handler-context.ts';
import { SESSION_QUERY_SCOPE } from '../../../../core/session/session-query-scope.ts';
import { accountsPaths } from '../../paths.ts';
import { AdminPage } from '../admin-page.tsx';
import { useWebhooks } from './use-webhooks.ts';

const DELIVERY_COLOUR = { pending: 'info', succeeded: 'success', failed: 'error' } as const;

/**
 * `/admin/webhooks/:endpointId`, one endpoint's delivery log: its deliveries newest first,
 * filtered by status, each with its attempts (time, HTTP status, duration, error class), more
 * by cursor, and Replay — not while a delivery is still being attempted, which is said.
 */
export default function DeliveriesPage() {
  const { t } = useTranslation('accounts');
  const { endpointId = '' } = useParams();
  const webhooks = useWebhooks();
  const endpoint = webhooks.data?.find((e) => e.id === endpointId);
  return (
    <AdminPage
      title={t('admin.deliveries_title')}
      lead={endpoint ? t('admin.deliveries_lead', { url: endpoint.url }) : ''}
      testId="deliveries-page"
    >
      <Link
        component={RouterLink}
        to={accountsPaths.webhooks}
        sx={{ display: 'inline-block', mb: 2 }}
      >
        {t('admin.all_endpoints')}
      </Link>
      {webhooks.data && !endpoint ? (
        <Typography role="status">{t('admin.endpoint_gone')}</Typography>
      ) : (
        <Deliveries endpointId={endpointId} />
      )}
    </AdminPage>
  );
}

function Deliveries({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation('accounts');
  const { api, runtime } = useAppServices();
  const toast = useToast();
  const handleError = useErrorHandler();
  const webhooks = useWebhooks();
  const filterId = useId();
  const [status, setStatus] = useState<WebhookDeliveryStatus | undefined>();
  const params = { partnerId: runtime.partnerId, endpointId };
  const log = useInfiniteQuery({
    queryKey: [
      SESSION_QUERY_SCOPE,
      webhooks.adminId,
      partnersContracts.webhookDeliveries.id,
      endpointId,
      status,
    ],
    queryFn: ({ pageParam, signal }) =>
      api.call(
        partnersContracts.webhookDeliveries,
        {
          params,
          query: { ...(status ? { status } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  const deliveries = log.data?.pages.flatMap((page) => page.deliveries) ?? [];
  const [replaying, setReplaying] = useState<string | null>(null);

  const replay = async (delivery: WebhookDelivery) => {
    setReplaying(delivery.id);
    try {
      await api.call(partnersContracts.replayWebhookDelivery, {
        params: { ...params, deliveryId: delivery.id },
      });
      toast.showMessage(t('admin.replayed'), 'success');
      await log.refetch();
    } catch (error) {
      await handleError(error);
    } finally {
      setReplaying(null);
    }
  };

  const attemptResult = (attempt: WebhookDelivery['attempts'][number]) =>
    [
      attempt.httpStatus !== null ? `HTTP ${attempt.httpStatus}` : t('admin.no_answer'),
      ...(attempt.errorClass ? [t(`admin.error_${attempt.errorClass}`)] : []),
    ].join(', ');

  const columns: Column<WebhookDelivery>[] = [
    {
      key: 'at',
      label: t('admin.col_when'),
      render: (delivery) => formatDateTimeUtc(delivery.createdAt),
    },
    {
      key: 'event',
      label: t('admin.col_event'),
      render: (delivery) => (
        <Box component="code" sx={{ fontSize: '0.8125rem' }}>
          {delivery.eventType}
        </Box>
      ),
    },
    {
      key: 'status',
      label: t('admin.col_status'),
      render: (delivery) => (
        <>
          <Chip
            size="small"
            variant="outlined"
            color={DELIVERY_COLOUR[delivery.status]}
            label={t(`admin.delivery_${delivery.status}`)}
          />
          {delivery.replays > 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('admin.replays_count', { n: delivery.replays })}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      key: 'attempts',
      label: t('admin.col_attempts'),
      render: (delivery) => (
        <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
          {delivery.attempts.map((attempt) => (
            <li key={`${attempt.series}.${attempt.attempt}`}>
              {t('admin.attempt_line', {
                at: formatDateTimeUtc(attempt.at),
                result: attemptResult(attempt),
                ms: attempt.durationMs,
              })}
            </li>
          ))}
        </Box>
      ),
    },
    {
      key: 'actions',
      label: t('admin.col_actions'),
      render: (delivery) => {
        const pending = delivery.status === 'pending';
        const hintId = `${filterId}-${delivery.id}`;
        return (
          <>
            <Button
              size="small"
              variant="outlined"
              disabled={pending}
              loading={replaying === delivery.id}
              aria-label={t('admin.replay_name', {
                event: delivery.eventType,
                at: formatDateTimeUtc(delivery.createdAt),
              })}
              {...(pending ? { 'aria-describedby': hintId } : {})}
              onClick={() => void replay(delivery)}
            >
              {t('admin.replay')}
            </Button>
            {pending ? (
              <Typography id={hintId} variant="body2" color="text.secondary">
                {t('admin.replay_pending')}
              </Typography>
            ) : null}
          </>
        );
      },
    },
  ];

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography id={filterId}>{t('admin.filter_status')}</Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          aria-labelledby={filterId}
          value={status ?? 'all'}
          onChange={(_event, value: WebhookDeliveryStatus | 'all' | null) => {
            if (value) setStatus(value === 'all' ? undefined : value);
          }}
        >
          <ToggleButton value="all">{t('admin.filter_all')}</ToggleButton>
          {WEBHOOK_DELIVERY_STATUSES.map((value) => (
            <ToggleButton key={value} value={value}>
              {t(`admin.delivery_${value}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <LoadState
        loaded={log.data !== undefined}
        failed={log.isError && !log.isFetchNextPageError}
        rowHeight={56}
        onRetry={() => void log.refetch()}
      >
        {deliveries.length === 0 ? (
          <Typography role="status">
            {t(status ? 'admin.no_deliveries_match' : 'admin.no_deliveries')}
          </Typography>
        ) : (
          <ResponsiveTable
            label={t('admin.deliveries_list')}
            columns={columns}
            rows={deliveries}
            rowKey={(delivery) => delivery.id}
          />
        )}
        <MoreRows pages={log} label={t('admin.load_more')} />
      </LoadState>
    </>
  );
}
