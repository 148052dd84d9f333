import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { CONTENT_PAGES } from '@tern/domain/content/pages';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { contentPaths, documentPath } from './paths.ts';

/** The help links of every page's footer: the help centre and the partner's documents. */
export function FooterLinks() {
  const { t } = useTranslation('content');
  return (
    <Box
      component="nav"
      aria-label={t('footer.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, sm: 3 }, justifyContent: 'center' }}
    >
      <Link component={RouterLink} to={contentPaths.help} color="inherit">
        {t('title')}
      </Link>
      {CONTENT_PAGES.map((page) => (
        <Link key={page} component={RouterLink} to={documentPath(page)} color="inherit">
          {t(`pages.${page}`)}
        </Link>
      ))}
    </Box>
  );
}
