import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../core/routing/paths.ts';
import { usePageTitle } from '../../core/routing/page-title.ts';

/**
 * `/resolution/select`, where a user returns after a lounge, rebooking or hotel step. The
 * resolution options arrive with the resolutions feature; until then the page says there are none.
 */
export default function ResolutionSelectPage() {
  const { t } = useTranslation('resolutions');
  usePageTitle(t('select.title'));
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }} data-testid="resolution-select">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('select.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('select.empty')}
      </Typography>
      <Button variant="contained" component={RouterLink} to={paths.dashboard}>
        {t('nav.back_to_dashboard', { ns: 'translation' })}
      </Button>
    </Container>
  );
}
