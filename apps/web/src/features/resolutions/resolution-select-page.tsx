import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../components/page/page.tsx';
import { paths } from '../../core/routing/paths.ts';

/**
 * `/resolution/select`, where a user returns after a lounge, rebooking or hotel step. The
 * resolution options arrive with the resolutions feature; until then the page says there are
 * none and leads back to the dashboard.
 */
export default function ResolutionSelectPage() {
  const { t } = useTranslation('resolutions');
  return (
    <Page title={t('select.title')} lead={t('select.empty')} testId="resolution-select">
      <Button variant="contained" component={RouterLink} to={paths.dashboard}>
        {t('nav.back_to_dashboard', { ns: 'translation' })}
      </Button>
    </Page>
  );
}
