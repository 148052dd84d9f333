import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toasts/use-toast.ts';
import type { ErrorHandler, ErrorHandlerDeps } from '../../lib/error-handler.ts';
import { ErrorHandlerContext, type AppErrorHandler } from './error-handler-context.ts';

/**
 * Wires the error handler to the toasts, the current language and logout. The handler's code
 * (with the error catalogue) downloads on the first error: most visits never have one.
 */
export function ErrorHandlerProvider({
  logout,
  supportHref,
  children,
}: {
  logout: () => void;
  /** The contact page, which messages saying "contact support" link to. */
  supportHref: string;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const handler = useMemo<AppErrorHandler>(() => {
    const deps: ErrorHandlerDeps = {
      translate: (key) => t(key),
      hasTranslation: (key) => i18n.exists(key),
      logout,
      showMessage: toast.showMessage,
      showErrorDialog: toast.showErrorDialog,
      supportHref,
    };
    let ready: Promise<ErrorHandler> | undefined;
    return async (error, context) => {
      ready ??= import('../../lib/error-handler.ts').then((module) =>
        module.createErrorHandler(deps),
      );
      return (await ready)(error, context);
    };
  }, [t, i18n, logout, toast, supportHref]);
  return <ErrorHandlerContext value={handler}>{children}</ErrorHandlerContext>;
}
