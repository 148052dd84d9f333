import { useCallback } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useErrorHandler } from './error-handler-context.ts';

/**
 * The error handler bound to a form: an API error naming one of `fields` lands on that input
 * (`applyFieldErrors`), anything else goes the usual way (toast, dialog, logout on 401).
 */
export function useFormErrorReporter<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, FieldValues>, 'setError'>,
  fields: readonly (keyof T & string)[],
) {
  const handleError = useErrorHandler();
  const { setError } = form;
  const key = fields.join();
  return useCallback(
    (error: unknown) => handleError(error, { setError, fields: key.split(',') }),
    [handleError, setError, key],
  );
}
