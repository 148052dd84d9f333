import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Policy } from '@tern/domain/policies/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadState } from '../../components/page/load-state.tsx';
import { Page } from '../../components/page/page.tsx';
import { useDataset } from '../../core/data/use-dataset.ts';
import { useAccess } from '../../core/session/use-access.ts';
import { formatDate } from '@tern/domain/i18n/format';
import { documentPath } from '../content/index.ts';
import { policiesDataset } from './datasets.ts';
import { AddPolicyDialog, CancelPolicyDialog } from './policy-dialogs.tsx';

/**
 * `/policies`: the user's active policies in the API's order (open-ended first, then latest
 * end date first), each with its number, product, status, dates and how many people it
 * covers; a policy is added by its number, and staff acting for the customer cancel one.
 */
export default function PoliciesPage() {
  const { t } = useTranslation('policies');
  const policies = useDataset(policiesDataset);
  const access = useAccess();
  const [adding, setAdding] = useState(false);
  const [cancelling, setCancelling] = useState<Policy | null>(null);
  const list = policies.data ?? [];
  // Cancelling is the partner's: its staff acting for the customer do it here; a customer
  // asks them (the contact link below).
  const onCancel = access.acting ? setCancelling : undefined;
  return (
    <Page title={t('page.title')} lead={t('page.description')} testId="policies">
      {policies.loaded ? (
        <Button variant="contained" onClick={() => setAdding(true)} sx={{ mb: 3 }}>
          {t('page.add')}
        </Button>
      ) : null}
      <LoadState loaded={policies.loaded} failed={policies.failed}>
        {list.length === 0 ? (
          <>
            <Typography sx={{ mb: 2 }}>{t('cards.summary.empty')}</Typography>
            <Button variant="contained" component={RouterLink} to={documentPath('contact')}>
              {t('page.contact')}
            </Button>
          </>
        ) : (
          <Box
            component="ul"
            aria-label={t('cards.summary.policies')}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}
          >
            {list.map((policy) => (
              <PolicyCard key={policy.externalPolicyNumber} policy={policy} onCancel={onCancel} />
            ))}
          </Box>
        )}
      </LoadState>
      {policies.loaded && list.length > 0 && !access.acting ? (
        <Typography sx={{ mt: 3 }}>
          <Link component={RouterLink} to={documentPath('contact')}>
            {t('page.cancel_help')}
          </Link>
        </Typography>
      ) : null}
      {adding ? <AddPolicyDialog onClose={() => setAdding(false)} /> : null}
      {cancelling ? (
        <CancelPolicyDialog policy={cancelling} onClose={() => setCancelling(null)} />
      ) : null}
    </Page>
  );
}

function PolicyCard({
  policy,
  onCancel,
}: {
  policy: Policy;
  onCancel: ((policy: Policy) => void) | undefined;
}) {
  const { t, i18n } = useTranslation('policies');
  const date = (iso: string) => formatDate(iso, i18n.language);
  return (
    <Card component="li" variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('cards.summary.policy', { number: policy.externalPolicyNumber })}
          </Typography>
          <Chip color="success" size="small" label={t('page.active')} />
        </Box>
        {policy.product ? <Typography color="text.secondary">{policy.product}</Typography> : null}
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
            '& dd': { m: 0 },
          }}
        >
          <Typography component="dt" color="text.secondary">
            {t('page.start')}
          </Typography>
          <Typography component="dd">{date(policy.policyStart)}</Typography>
          <Typography component="dt" color="text.secondary">
            {t('page.end')}
          </Typography>
          <Typography component="dd">
            {policy.policyEnd ? date(policy.policyEnd) : t('page.no_end')}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {t('page.max_insured')}
          </Typography>
          <Typography component="dd">{t('page.people', { count: policy.maxInsured })}</Typography>
        </Box>
        {onCancel ? (
          <Button
            color="error"
            variant="outlined"
            onClick={() => onCancel(policy)}
            sx={{ justifySelf: 'start' }}
            aria-label={`${t('page.cancel')} ${policy.externalPolicyNumber}`}
          >
            {t('page.cancel')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
