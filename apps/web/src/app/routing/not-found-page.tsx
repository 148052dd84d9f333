import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../components/page/page.tsx';
import { paths } from '../../core/routing/paths.ts';

/** Any path the portal does not have. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('not_found.title')}
      lead={t('not_found.description')}
      maxWidth="sm"
      testId="not-found"
    >
      <Button variant="contained" component={RouterLink} to={paths.landing}>
        {t('not_found.home')}
      </Button>
    </Page>
  );
}
