import { createContext } from 'react';

export type MessageSeverity = 'success' | 'info' | 'warning' | 'error';

/** The three kinds of notice of spec 1 §2. */
export type ToastApi = {
  /** The general message toast: severity and an already translated message. */
  showMessage(message: string, severity?: MessageSeverity): void;
  /** The blocking error dialog, with title and body. */
  showErrorDialog(dialog: { title: string; body: string }): void;
  /** The notice shown when a session ends for inactivity. */
  showSessionTimeout(): void;
  /** Closes the message toast (a message about the session that just ended). */
  closeMessage(): void;
};

export const ToastContext = createContext<ToastApi | null>(null);
