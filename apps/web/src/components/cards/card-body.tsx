import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The three states of a card's content: loading (until its dataset counts as loaded), failed
 * (the dataset could not be fetched), then the content or, with nothing to show, the empty text.
 */
export function CardBody({
  loaded,
  failed,
  empty,
  emptyText,
  children,
}: {
  loaded: boolean;
  failed: boolean;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (failed && !loaded)
    return (
      <Typography color="error" role="alert">
        {t('dashboard.load_failed')}
      </Typography>
    );
  if (!loaded)
    return (
      <Box role="progressbar" aria-busy="true" aria-label={t('dashboard.loading')}>
        <Skeleton width="80%" />
        <Skeleton width="60%" />
      </Box>
    );
  if (empty) return <Typography color="text.secondary">{emptyText}</Typography>;
  return <>{children}</>;
}
