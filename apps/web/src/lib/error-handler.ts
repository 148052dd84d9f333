import { errorKey } from '@tern/domain/error-key';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-request-error.ts';
import { applyFieldErrors } from './apply-field-errors.ts';

/**
 * Partner-level failures (the portal is set up wrongly for this partner, not something the
 * user did) get the blocking error dialog instead of a toast.
 */
const B2B_ERROR_CODES: ReadonlySet<string> = new Set([
  'ORIGIN_NOT_ALLOWED',
  'PARTNER_NOT_FOUND',
  'MISSING_CONFIG',
  'CONFIG_ERROR',
]);

/** A link a message offers (a failure that says "contact support" links to the contact page). */
export type MessageAction = { label: string; href: string };

export type ErrorOutcome = 'ignored' | 'logout' | 'field' | 'dialog' | 'toast';

export type ErrorHandlerDeps = {
  translate: (key: string) => string;
  hasTranslation: (key: string) => boolean;
  /** Ends the session and returns to `/`. */
  logout: () => void;
  showMessage: (message: string, severity: 'warning' | 'error', action?: MessageAction) => void;
  /** The contact page: messages saying "contact support" link to it. */
  supportHref: string;
  showErrorDialog: (dialog: { title: string; body: string }) => void;
};

export type ErrorContext<T extends FieldValues = FieldValues> = {
  /** The form the failed call came from, if any: field errors are shown on its inputs. */
  setError?: UseFormSetError<T>;
  /** The form's field names; an error naming another field is shown as a toast instead. */
  fields?: readonly string[];
};

export type ErrorHandler = <T extends FieldValues>(
  error: unknown,
  context?: ErrorContext<T>,
) => ErrorOutcome;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

const isB2BError = (error: ApiRequestError): boolean =>
  error.bodyName === 'B2BError' || (error.code !== undefined && B2B_ERROR_CODES.has(error.code));

/**
 * The one error handler of the portal (spec 1 §8): any 401 logs out; a partner-level error
 * opens the error dialog; an error on a field of the form in context is shown on that field;
 * any other error with a code becomes a warning toast `errors.{code}` + `errors.error` ("…
 * please contact support"), linking to the contact page; an
 * error without a code shows its raw message or `errors.unknown_error`.
 */
export function createErrorHandler(deps: ErrorHandlerDeps): ErrorHandler {
  const { translate: t } = deps;
  const codeText = (code: string, message: string) => {
    const key = errorKey(code);
    return deps.hasTranslation(key) ? t(key) : message || t('errors.unknown_error');
  };
  const toast = (code: string, message: string) =>
    deps.showMessage(`${codeText(code, message)} ${t('errors.error')}`, 'warning', {
      label: t('errors.contact_support'),
      href: deps.supportHref,
    });

  return (error, context) => {
    if (isAbort(error)) return 'ignored';
    const apiError = error instanceof ApiRequestError ? error : undefined;
    const code = apiError?.code;

    if (apiError?.status === 401) {
      deps.logout();
      // Wrong credentials also answer 401: the visitor must still learn why.
      if (code) toast(code, apiError.message);
      return 'logout';
    }
    if (!apiError || !code) {
      const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
      deps.showMessage(raw || t('errors.unknown_error'), 'error');
      return 'toast';
    }
    if (isB2BError(apiError)) {
      deps.showErrorDialog({
        title: t('error_dialog.title'),
        body: codeText(code, apiError.message),
      });
      return 'dialog';
    }
    if (context?.setError && applyFieldErrors(apiError, context.setError, t, context.fields))
      return 'field';
    toast(code, apiError.message);
    return 'toast';
  };
}
