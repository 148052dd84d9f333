import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/**
 * A whole page's room while it loads: the screen's height, so the footer stays below the
 * fold and is not pushed down when the page arrives (CLS); a page shorter than the screen
 * then only brings the footer into view, which is no shift.
 */
export const PAGE_ROOM = '100vh';

/** Shown while a page's code arrives; `minHeight` keeps the room of what it stands for. */
export function PageLoader({ minHeight }: { minHeight?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8, minHeight }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}
