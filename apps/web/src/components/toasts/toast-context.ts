import { createContext } from 'react';
import type { MessageAction } from '../../lib/error-handler.ts';

export type MessageSeverity = 'success' | 'info' | 'warning' | 'error';

export type { MessageAction } from '../../lib/error-handler.ts';

/** The three kinds of notice of spec 1 §2. */
export type ToastApi = {
  /** The general message toast: severity, an already translated message, and a link. */
  showMessage: (message: string, severity?: MessageSeverity, action?: MessageAction) => void;
  /** The blocking error dialog, with title and body. */
  showErrorDialog: (dialog: { title: string; body: string }) => void;
  /** The notice shown when a session ends for inactivity. */
  showSessionTimeout: () => void;
  /** Closes the message toast (a message about the session that just ended). */
  closeMessage: () => void;
};

export const ToastContext = createContext<ToastApi | null>(null);
