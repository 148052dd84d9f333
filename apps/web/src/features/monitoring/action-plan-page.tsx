import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../core/routing/paths.ts';
import { usePageTitle } from '../../core/routing/page-title.ts';

/**
 * `/monitored-data/action-plan`: the action plan of an alert on a monitored item. Alerts arrive
 * with the monitoring feature; until then the page explains how to reach a plan.
 */
export default function ActionPlanPage() {
  const { t } = useTranslation('monitoring');
  usePageTitle(t('action_plan.title'));
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }} data-testid="action-plan">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('action_plan.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('action_plan.empty')}
      </Typography>
      <Button variant="contained" component={RouterLink} to={paths.dashboard}>
        {t('nav.back_to_dashboard', { ns: 'translation' })}
      </Button>
    </Container>
  );
}
