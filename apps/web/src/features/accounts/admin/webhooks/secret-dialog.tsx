import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/dialog/dialog.tsx';
import { useToast } from '../../../../components/toasts/use-toast.ts';

/**
 * An endpoint's signing secret, shown the one time the API answers it (when the endpoint is
 * made or its secret rotated): with a copy button and the warning that it cannot be read again.
 * Only Done closes it, so it is not dismissed by a stray click before it is copied.
 */
export function SecretDialog({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const toast = useToast();
  return (
    <Dialog
      open
      title={t('admin.secret_title')}
      actions={
        <Button variant="contained" onClick={onDone}>
          {t('admin.done')}
        </Button>
      }
    >
      <Alert severity="warning" role="note" sx={{ mb: 2 }}>
        {t('admin.secret_warning')}
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box
          component="code"
          data-testid="webhook-secret"
          sx={{ flex: '1 1 12rem', wordBreak: 'break-all', fontSize: '0.875rem' }}
        >
          {secret}
        </Box>
        <Button
          variant="outlined"
          onClick={() =>
            void navigator.clipboard
              .writeText(secret)
              .then(() => toast.showMessage(t('admin.copied'), 'success'))
          }
        >
          {t('admin.copy')}
        </Button>
      </Box>
    </Dialog>
  );
}
