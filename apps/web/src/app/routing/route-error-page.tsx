import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page/page.tsx';

/**
 * Shown when a page fails to render or its code cannot be downloaded (typically a new release
 * replaced the chunk files): reloading fetches the current ones.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('route_error.title')}
      lead={t('route_error.description')}
      maxWidth="sm"
      role="alert"
    >
      <Link component="button" variant="body1" onClick={() => window.location.reload()}>
        {t('route_error.reload')}
      </Link>
    </Page>
  );
}
