import { errorKey } from '@tern/domain/error-key';
import { ApiRequestError } from '../../lib/api-request-error.ts';
import { authStore } from './auth-store.ts';

/** The auth state's `error` action: why the last sign-in or session setup failed. */
export function recordSignInError(error: unknown): void {
  authStore.dispatch({
    type: 'error',
    error:
      error instanceof ApiRequestError && error.code
        ? errorKey(error.code)
        : 'errors.unknown_error',
  });
}
