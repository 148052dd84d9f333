import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { widgetContracts } from '@tern/domain/widget/contracts';
import {
  embeddingOriginFormSchema,
  type EmbeddingOriginFormValues,
} from '@tern/domain/widget/schemas';
import { MAX_EMBEDDING_ORIGINS } from '@tern/domain/rules/origin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { Form } from '../../../components/form/form.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextInput } from '../../../components/inputs/text-input.tsx';
import { LoadState } from '../../../components/page/load-state.tsx';
import { ResponsiveTable, type Column } from '../../../components/table/responsive-table.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { useAppServices } from '../../../core/app-services.ts';
import { SESSION_QUERY_SCOPE } from '../../../core/session/session-query-scope.ts';
import { useSession } from '../../../core/session/use-logged-in.ts';
import { AdminPage } from './admin-page.tsx';

/** An origin's longest form (the domain's schema refuses more). */
const ORIGIN_MAX_LENGTH = 255;

/**
 * `/admin/embedding`, the admin console's widget page: the partner's embedding origins (the
 * pages of its own sites that may frame the widget's panels), adding one — checked by the
 * domain's schema as the API checks it — and removing one after a yes / no.
 */
export default function EmbeddingPage() {
  const { t } = useTranslation('accounts');
  return (
    <AdminPage
      title={t('admin.embedding_title')}
      lead={t('admin.embedding_lead')}
      testId="embedding-page"
    >
      <Origins />
    </AdminPage>
  );
}

type Row = { origin: string };

function Origins() {
  const { t } = useTranslation('accounts');
  const { api, runtime } = useAppServices();
  const toast = useToast();
  const client = useQueryClient();
  const adminId = useSession()?.userId ?? '';
  const queryKey = [SESSION_QUERY_SCOPE, adminId, widgetContracts.origins.id] as const;
  const params = { partnerId: runtime.partnerId };
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.call(widgetContracts.origins, { params }, { signal }),
  });
  const [removing, setRemoving] = useState<string | null>(null);
  const origins = query.data?.origins ?? [];
  const full = origins.length >= MAX_EMBEDDING_ORIGINS;

  /** The whole list sent (the API replaces it), then kept as the API answers it. */
  const save = async (next: string[]) => {
    const saved = await api.call(widgetContracts.setOrigins, { params, body: { origins: next } });
    client.setQueryData(queryKey, saved);
  };

  const columns: Column<Row>[] = [
    { key: 'origin', label: t('admin.col_origin'), render: (row) => row.origin },
    {
      key: 'actions',
      label: t('admin.col_actions'),
      render: (row) => (
        <Button
          size="small"
          variant="outlined"
          color="error"
          aria-label={t('admin.remove_origin_name', { origin: row.origin })}
          onClick={() => setRemoving(row.origin)}
        >
          {t('admin.remove')}
        </Button>
      ),
    },
  ];

  return (
    <>
      {/* An explanation that stays, not news: no alert role for screen readers to announce. */}
      <Alert severity="info" role="note" sx={{ mb: 2 }}>
        {t('admin.embedding_explain')}
      </Alert>
      <LoadState
        loaded={query.data !== undefined}
        failed={query.isError}
        rowHeight={56}
        onRetry={() => void query.refetch()}
      >
        {full ? (
          <Typography role="status" sx={{ mb: 2 }}>
            {t('admin.origins_full', { max: MAX_EMBEDDING_ORIGINS })}
          </Typography>
        ) : (
          <Form
            schema={embeddingOriginFormSchema}
            defaultValues={{ origins: '' } satisfies EmbeddingOriginFormValues}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 2,
              alignItems: 'flex-start',
              mb: 2,
            }}
            onSubmit={async ({ origins: origin }, form) => {
              if (origins.includes(origin)) {
                toast.showMessage(t('admin.origin_listed', { origin }), 'info');
              } else {
                await save([...origins, origin]);
                toast.showMessage(t('admin.origin_added', { origin }), 'success');
              }
              form.reset({ origins: '' });
            }}
          >
            {(form) => (
              <>
                <Box sx={{ flex: '1 1 16rem' }}>
                  <TextInput
                    control={form.control}
                    name="origins"
                    type="url"
                    label={t('admin.origin_label')}
                    placeholder="https://shop.example.com"
                    autoComplete="off"
                    maxLength={ORIGIN_MAX_LENGTH}
                    required
                  />
                </Box>
                <SubmitButton variant="contained" sx={{ mt: 1 }}>
                  {t('admin.add_origin')}
                </SubmitButton>
              </>
            )}
          </Form>
        )}
        {origins.length === 0 ? (
          <Typography role="status">{t('admin.no_origins')}</Typography>
        ) : (
          <ResponsiveTable
            label={t('admin.origins_list')}
            columns={columns}
            rows={origins.map((origin) => ({ origin }))}
            rowKey={(row) => row.origin}
          />
        )}
      </LoadState>
      {removing ? (
        <ConfirmDialog
          title={t('admin.remove_origin_title', { origin: removing })}
          yesLabel={t('admin.remove')}
          noLabel={t('admin.cancel')}
          onYes={async () => {
            await save(origins.filter((origin) => origin !== removing));
            setRemoving(null);
            toast.showMessage(t('admin.origin_removed', { origin: removing }), 'success');
          }}
          onNo={() => setRemoving(null)}
        >
          {t('admin.remove_origin_body', { origin: removing })}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
