import { createContext, useContext } from 'react';
import type { ErrorContext, ErrorOutcome } from '../../lib/error-handler.ts';
import type { FieldValues } from 'react-hook-form';

/** The portal's one error handler; it settles once the error is shown (or the user logged out). */
export type AppErrorHandler = <T extends FieldValues>(
  error: unknown,
  context?: ErrorContext<T>,
) => Promise<ErrorOutcome>;

export const ErrorHandlerContext = createContext<AppErrorHandler | null>(null);

/**
 * The portal's one error handler. A form passes its `setError` so field errors land on the
 * inputs: `void handleError(error, { setError })`.
 */
export function useErrorHandler(): AppErrorHandler {
  const handler = useContext(ErrorHandlerContext);
  if (!handler) throw new Error('useErrorHandler needs <ErrorHandlerProvider>');
  return handler;
}
