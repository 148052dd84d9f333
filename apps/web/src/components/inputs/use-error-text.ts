import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * The text of a field error. Rules and the error handler leave translation keys in the form
 * state ('validation.required', 'errors.flight_not_found'), so the text follows the language;
 * a message that is already text is shown as it is. `values` fill interpolations such as {{max}}.
 */
export function useErrorText(
  error: FieldError | undefined,
  values?: Record<string, unknown>,
): string | undefined {
  const { t } = useTranslation();
  if (!error) return undefined;
  const message =
    error.message || (error.type === 'required' ? 'validation.required' : 'validation.invalid');
  return t(message, values ?? {});
}
