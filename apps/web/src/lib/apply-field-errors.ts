import { errorKey } from '@tern/domain/error-key';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-request-error.ts';

/**
 * Puts a failed call's field errors on the form: each entry of `details` its message, and the
 * error's own `field`, when no detail names it, the text of `errors.{code}`. The message is translated with
 * `translate` when given; otherwise it stays a key, which Tern's inputs translate when they
 * show it. Returns whether any field error was set. The first field gets focus. With `fields`,
 * only errors on those fields are set: an error naming a field the form does not have must
 * not vanish into it (the caller then shows it another way).
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  translate: (key: string) => string = (key) => key,
  fields?: readonly string[],
): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  const problems: { field: string; message: string }[] = [];
  for (const detail of error.details ?? [])
    if (detail.field) problems.push({ field: detail.field, message: translate(detail.message) });
  // The error's own field says what its detail says, if it has one (the IBAN's "not valid"
  // rather than "some payment details are not valid"), else the code's text.
  if (error.field && error.code && !problems.some(({ field }) => field === error.field))
    problems.unshift({ field: error.field, message: translate(errorKey(error.code)) });
  const shown = fields ? problems.filter(({ field }) => fields.includes(field)) : problems;
  shown.forEach(({ field, message }, index) =>
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
  return shown.length > 0;
}
