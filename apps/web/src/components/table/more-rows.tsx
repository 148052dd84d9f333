import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** What `MoreRows` reads of a TanStack infinite query. */
type Pages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * Under a list read a page at a time: "load more" while there is a next page, or, when the
 * next page failed, why and the way to try again (the list already shown stays).
 */
export function MoreRows({ pages, label }: { pages: Pages; label: string }) {
  const { t } = useTranslation();
  if (pages.isFetchNextPageError)
    return (
      <Alert
        severity="error"
        sx={{ mt: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void pages.fetchNextPage()}>
            {t('app.retry')}
          </Button>
        }
      >
        {t('dashboard.load_failed')}
      </Alert>
    );
  if (!pages.hasNextPage) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
      <Button
        variant="outlined"
        loading={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
      >
        {label}
      </Button>
    </Box>
  );
}
