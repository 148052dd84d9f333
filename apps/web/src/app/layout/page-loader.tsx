import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Shown while a page's code arrives; `minHeight` keeps the room of what it stands for. */
export function PageLoader({ minHeight }: { minHeight?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8, minHeight }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}
