import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Policy } from '@tern/domain/policies/schemas';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../components/page/page.tsx';
import { useDataset } from '../../core/data/use-dataset.ts';
import { formatDate } from '../../lib/format.ts';
import { documentPath } from '../content/index.ts';
import { policiesDataset } from './datasets.ts';

/**
 * `/policies`: the user's active policies in the API's order (open-ended first, then latest
 * end date first), each with its number, status, dates and how many people it covers.
 */
export default function PoliciesPage() {
  const { t } = useTranslation('policies');
  const policies = useDataset(policiesDataset);
  const list = policies.data ?? [];
  return (
    <Page title={t('page.title')} lead={t('page.description')} testId="policies">
      {policies.failed && !policies.loaded ? (
        <Typography color="error" role="alert">
          {t('dashboard.load_failed', { ns: 'translation' })}
        </Typography>
      ) : !policies.loaded ? (
        <Box
          role="progressbar"
          aria-busy="true"
          aria-label={t('app.loading', { ns: 'translation' })}
        >
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Box>
      ) : list.length === 0 ? (
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
            <PolicyCard key={policy.externalPolicyNumber} policy={policy} />
          ))}
        </Box>
      )}
    </Page>
  );
}

function PolicyCard({ policy }: { policy: Policy }) {
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
      </CardContent>
    </Card>
  );
}
