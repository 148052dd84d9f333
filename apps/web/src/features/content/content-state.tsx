import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/** While help content loads: the shape of a few paragraphs, announced as loading. */
export function ContentLoading() {
  const { t } = useTranslation('content');
  return (
    <Stack spacing={1} role="status" aria-label={t('loading')}>
      <Skeleton variant="text" width="60%" height={40} />
      <Skeleton variant="text" />
      <Skeleton variant="text" />
      <Skeleton variant="text" width="80%" />
    </Stack>
  );
}

/** Help content that could not be loaded, with the way to try again. */
export function ContentError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('content');
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    >
      {t('load_failed')}
    </Alert>
  );
}
