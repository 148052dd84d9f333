import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../core/routing/paths.ts';
import { usePageTitle } from '../../core/routing/page-title.ts';

/** Any path the portal does not have. */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('not_found.title'));
  return (
    <Container maxWidth="sm" sx={{ py: 8 }} data-testid="not-found">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('not_found.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('not_found.description')}</Typography>
      <Button variant="contained" component={RouterLink} to={paths.landing}>
        {t('not_found.home')}
      </Button>
    </Container>
  );
}
