import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { MessageSeverity } from './toast-context.ts';

export type MessageToastState = { open: boolean; severity: MessageSeverity; message: string };

/** The general message toast: open state, severity and message (spec 1 §2). */
export function MessageToast({
  state,
  onClose,
}: {
  state: MessageToastState;
  onClose: () => void;
}) {
  return (
    <Snackbar
      open={state.open}
      autoHideDuration={8000}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      {/* Warnings and errors interrupt a screen reader (role alert); others wait (status). */}
      <Alert
        severity={state.severity}
        variant="filled"
        onClose={onClose}
        role={state.severity === 'warning' || state.severity === 'error' ? 'alert' : 'status'}
        sx={{ width: '100%' }}
      >
        {state.message}
      </Alert>
    </Snackbar>
  );
}
