import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { use, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DefaultEmptyActionContext, type CardAction } from './card-action.ts';

/**
 * The three states of a card's content: loading (until its dataset counts as loaded), failed
 * (the dataset could not be fetched), then the content or, with nothing to show, the empty text
 * with the action that fills the card (or the dashboard's default one).
 */
export function CardBody({
  loaded,
  failed,
  empty,
  emptyText,
  emptyAction,
  children,
}: {
  loaded: boolean;
  failed: boolean;
  empty: boolean;
  emptyText: string;
  emptyAction?: CardAction;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const action = emptyAction ?? use(DefaultEmptyActionContext);
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
  if (empty)
    return (
      <>
        <Typography color="text.secondary">{emptyText}</Typography>
        {action ? (
          <Button
            component={RouterLink}
            to={action.to}
            variant="outlined"
            size="small"
            sx={{ mt: 1.5 }}
          >
            {action.label}
          </Button>
        ) : null}
      </>
    );
  return <>{children}</>;
}
