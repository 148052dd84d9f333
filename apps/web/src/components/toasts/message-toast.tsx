import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import type { MessageAction, MessageSeverity } from './toast-context.ts';

export type MessageToastState = {
  open: boolean;
  severity: MessageSeverity;
  message: string;
  action?: MessageAction;
};

/**
 * The general message toast: open state, severity and message (spec 1 §2), and the link the
 * message offers. A plain link: the notices sit above the router.
 */
export function MessageToast({
  state,
  onClose,
}: {
  state: MessageToastState;
  onClose: () => void;
}) {
  // In the body, beside the app rather than in it: an open dialog hides the app from screen
  // readers (aria-hidden on its siblings), and a toast in it would go unheard while a form in
  // a dialog fails.
  return (
    <Portal>
      <Snackbar
        open={state.open}
        // A message with a link stays until closed: a link must not vanish before it is reached.
        autoHideDuration={state.action ? null : 8000}
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
          {state.action ? (
            <>
              {' '}
              <Link href={state.action.href} color="inherit" sx={{ fontWeight: 700 }}>
                {state.action.label}
              </Link>
            </>
          ) : null}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
