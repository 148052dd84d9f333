import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';

/** Tells a user why they are back on the start page after inactivity. */
export function SessionTimeoutToast({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Snackbar
      open={open}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity="info" variant="filled" onClose={onClose} role="alert" sx={{ width: '100%' }}>
        {t('session.timeout')}
      </Alert>
    </Snackbar>
  );
}
