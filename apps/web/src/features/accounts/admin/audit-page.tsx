import { MoreRows } from '../../../components/table/more-rows.tsx';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import {
  auditFilterFormSchema,
  auditQueryOf,
  type AuditEntry,
  type AuditQuery,
} from '@tern/domain/accounts/staff';
import { EMAIL_MAX_LENGTH } from '@tern/domain/constants';
import { formatDateTimeUtc } from '@tern/domain/i18n/format';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/form/form.tsx';
import { DateInput } from '../../../components/inputs/date-input.tsx';
import { SelectInput } from '../../../components/inputs/select-input.tsx';
import { TextInput } from '../../../components/inputs/text-input.tsx';
import { LoadState } from '../../../components/page/load-state.tsx';
import { ResponsiveTable, type Column } from '../../../components/table/responsive-table.tsx';
import { useAppServices } from '../../../core/app-services.ts';
import { SESSION_QUERY_SCOPE } from '../../../core/session/session-query-scope.ts';
import { fullName } from '../../../core/session/account.ts';
import { AdminPage } from './admin-page.tsx';
import { useStaff } from './use-staff.ts';

/**
 * `/admin/audit`, the admin console's audit log: what staff changed (the call, its result and
 * the names of the fields sent, never their values), newest first, searched by customer,
 * staff member and days (UTC), a page at a time.
 */
export default function AuditPage() {
  const { t } = useTranslation('accounts');
  return (
    <AdminPage title={t('admin.audit_title')} lead={t('admin.audit_lead')} testId="audit-page">
      <AuditLog />
    </AdminPage>
  );
}

const NO_FILTER = { customer: '', staff: '', from: '', to: '' };

function AuditLog() {
  const { t } = useTranslation('accounts');
  const { api, runtime } = useAppServices();
  const staff = useStaff();
  const [filters, setFilters] = useState<AuditQuery>({});
  const audit = useInfiniteQuery({
    queryKey: [SESSION_QUERY_SCOPE, staff.adminId, accountsContracts.audit.id, filters],
    queryFn: ({ pageParam, signal }) =>
      api.call(
        accountsContracts.audit,
        {
          params: { partnerId: runtime.partnerId },
          query: { ...filters, ...(pageParam ? { cursor: pageParam } : {}) },
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = Object.keys(filters).length > 0;
  const staffOptions = [
    { value: '', label: t('admin.filter_anyone') },
    ...(staff.data ?? [])
      .filter((member) => member.status !== 'INVITED')
      .map((member) => ({ value: member.id, label: fullName(member) })),
  ];

  const person = (who: AuditEntry['staff']) => (
    <>
      {who.name ?? t('admin.account_gone')}
      {who.emailAddress ? (
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: 'block' }}
        >
          {who.emailAddress}
        </Typography>
      ) : null}
    </>
  );
  const columns: Column<AuditEntry>[] = [
    { key: 'at', label: t('admin.col_when'), render: (entry) => formatDateTimeUtc(entry.at) },
    { key: 'staff', label: t('admin.col_staff'), render: (entry) => person(entry.staff) },
    { key: 'customer', label: t('admin.col_customer'), render: (entry) => person(entry.customer) },
    {
      key: 'action',
      label: t('admin.col_action'),
      render: (entry) => (
        <Box component="code" sx={{ fontSize: '0.8125rem', overflowWrap: 'anywhere' }}>
          {entry.action}
        </Box>
      ),
    },
    {
      key: 'fields',
      label: t('admin.col_fields'),
      render: (entry) => (entry.fields.length > 0 ? entry.fields.join(', ') : t('admin.no_fields')),
    },
    { key: 'result', label: t('admin.col_result'), render: (entry) => entry.statusCode },
  ];

  return (
    <>
      <Form
        role="search"
        schema={auditFilterFormSchema}
        defaultValues={NO_FILTER}
        onSubmit={(values) => setFilters(auditQueryOf(values))}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { sm: '1fr 1fr', md: '2fr 2fr 1fr 1fr' },
          alignItems: 'start',
          mb: 3,
        }}
      >
        {(form) => (
          <>
            <TextInput
              control={form.control}
              name="customer"
              type="search"
              label={t('admin.filter_customer')}
              maxLength={EMAIL_MAX_LENGTH}
            />
            <SelectInput
              control={form.control}
              name="staff"
              label={t('admin.filter_staff')}
              options={staffOptions}
            />
            <DateInput control={form.control} name="from" label={t('admin.filter_from')} />
            <DateInput control={form.control} name="to" label={t('admin.filter_to')} />
            <Box sx={{ display: 'flex', gap: 1, gridColumn: '1 / -1' }}>
              <Button type="submit" variant="contained">
                {t('admin.search')}
              </Button>
              <Button
                onClick={() => {
                  form.reset(NO_FILTER);
                  setFilters({});
                }}
              >
                {t('admin.clear')}
              </Button>
            </Box>
          </>
        )}
      </Form>
      <LoadState
        loaded={audit.data !== undefined}
        failed={audit.isError}
        rowHeight={48}
        onRetry={() => void audit.refetch()}
      >
        {entries.length === 0 ? (
          <Typography role="status">
            {t(filtered ? 'admin.no_entries' : 'admin.no_entries_yet')}
          </Typography>
        ) : (
          <ResponsiveTable
            label={t('admin.audit_entries')}
            columns={columns}
            rows={entries}
            rowKey={(entry) => entry.id}
          />
        )}
        <MoreRows pages={audit} label={t('admin.load_more')} />
      </LoadState>
    </>
  );
}
