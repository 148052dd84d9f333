import { ErrorDialog, type ErrorDialogState } from './error-dialog.tsx';
import { MessageToast, type MessageToastState } from './message-toast.tsx';
import { SessionTimeoutToast } from './session-timeout-toast.tsx';

export type ToastState = {
  message: MessageToastState;
  errorDialog: ErrorDialogState;
  sessionTimeout: boolean;
};

export type ToastOutletProps = {
  state: ToastState;
  closeMessage: () => void;
  closeErrorDialog: () => void;
  closeSessionTimeout: () => void;
};

/** The three notices on screen. Loaded on first use: most visits never show one. */
export function ToastOutlet({
  state,
  closeMessage,
  closeErrorDialog,
  closeSessionTimeout,
}: ToastOutletProps) {
  return (
    <>
      <MessageToast state={state.message} onClose={closeMessage} />
      <ErrorDialog state={state.errorDialog} onClose={closeErrorDialog} />
      <SessionTimeoutToast open={state.sessionTimeout} onClose={closeSessionTimeout} />
    </>
  );
}
