import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a page shows of a list before it has it: placeholders while it loads, or that it could
 * not be loaded with a way to try again; then `children`.
 */
export function LoadState({
  loaded,
  failed,
  onRetry,
  rowHeight = 96,
  children,
}: {
  loaded: boolean;
  failed: boolean;
  onRetry?: () => void;
  /** The height of a placeholder row: about that of an entry of the list. */
  rowHeight?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (failed && !loaded)
    return (
      <Alert
        severity="error"
        action={
          onRetry ? (
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('app.retry')}
            </Button>
          ) : undefined
        }
      >
        {t('dashboard.load_failed')}
      </Alert>
    );
  if (!loaded) return <Loading rowHeight={rowHeight} />;
  return <>{children}</>;
}

/** Placeholder rows, announced as loading: a list, a form or a frame on its way. */
export function Loading({
  rowHeight = 96,
  rows = 2,
  variant = 'text',
}: {
  rowHeight?: number;
  rows?: number;
  variant?: 'text' | 'rectangular';
}) {
  const { t } = useTranslation();
  return (
    <Box role="progressbar" aria-busy="true" aria-label={t('app.loading')}>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} variant={variant} height={rowHeight} />
      ))}
    </Box>
  );
}
