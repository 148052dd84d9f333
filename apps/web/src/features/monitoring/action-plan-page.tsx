import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../components/page/page.tsx';
import { paths } from '../../core/routing/paths.ts';

/**
 * `/monitored-data/action-plan`: the action plan of an alert on a monitored item. Alerts arrive
 * with the monitoring feature; until then the page explains how to reach a plan and leads back
 * to the dashboard.
 */
export default function ActionPlanPage() {
  const { t } = useTranslation('monitoring');
  return (
    <Page title={t('action_plan.title')} lead={t('action_plan.empty')} testId="action-plan">
      <Button variant="contained" component={RouterLink} to={paths.dashboard}>
        {t('nav.back_to_dashboard', { ns: 'translation' })}
      </Button>
    </Page>
  );
}
