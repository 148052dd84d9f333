import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../core/routing/page-title.ts';

/**
 * Shown when a page fails to render or its code cannot be downloaded (typically a new release
 * replaced the chunk files): reloading fetches the current ones.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  usePageTitle(t('route_error.title'));
  return (
    <Container maxWidth="sm" sx={{ py: 8 }} role="alert">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('route_error.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('route_error.description')}</Typography>
      <Link component="button" variant="body1" onClick={() => window.location.reload()}>
        {t('route_error.reload')}
      </Link>
    </Container>
  );
}
