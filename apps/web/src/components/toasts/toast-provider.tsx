import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi } from './toast-context.ts';
import type { ToastState } from './toast-outlet.tsx';

// Snackbar, Alert and Dialog stay out of the first download until a notice is shown.
const ToastOutlet = lazy(() =>
  import('./toast-outlet.tsx').then((m) => ({ default: m.ToastOutlet })),
);

const initialState: ToastState = {
  message: { open: false, severity: 'info', message: '' },
  errorDialog: { open: false, title: '', body: '' },
  sessionTimeout: false,
};

/** Holds the state of the three notices of spec 1 §2 and renders them above the page. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ToastState>(initialState);
  const [used, setUsed] = useState(false);

  const api = useMemo<ToastApi>(() => {
    const update = (change: (current: ToastState) => ToastState) => {
      setUsed(true);
      setState(change);
    };
    return {
      showMessage: (message, severity = 'info', action) =>
        update((s) => ({
          ...s,
          message: { open: true, severity, message, ...(action ? { action } : {}) },
        })),
      showErrorDialog: ({ title, body }) =>
        update((s) => ({ ...s, errorDialog: { open: true, title, body } })),
      showSessionTimeout: () => update((s) => ({ ...s, sessionTimeout: true })),
      closeMessage: () => setState((s) => ({ ...s, message: { ...s.message, open: false } })),
    };
  }, []);

  return (
    <ToastContext value={api}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <ToastOutlet
            state={state}
            closeMessage={api.closeMessage}
            closeErrorDialog={() =>
              setState((s) => ({ ...s, errorDialog: { ...s.errorDialog, open: false } }))
            }
            closeSessionTimeout={() => setState((s) => ({ ...s, sessionTimeout: false }))}
          />
        </Suspense>
      ) : null}
    </ToastContext>
  );
}
