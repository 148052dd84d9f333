import { catalogueTranslations } from '../test/translations.ts';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../app/i18n/create-i18n.ts';
import { ApiRequestError } from './api-request-error.ts';
import { createErrorHandler, type ErrorHandlerDeps } from './error-handler.ts';

const setup = async (language: 'en' | 'fr' = 'en') => {
  const i18n = await createI18n(language, catalogueTranslations);
  const deps = {
    translate: (key: string) => i18n.t(key),
    hasTranslation: (key: string) => i18n.exists(key),
    logout: vi.fn(),
    showMessage: vi.fn(),
    showErrorDialog: vi.fn(),
    supportHref: '/help/contact',
  } satisfies ErrorHandlerDeps;
  return { deps, handle: createErrorHandler(deps), t: (key: string) => i18n.t(key) };
};

const apiError = (
  init: Partial<ConstructorParameters<typeof ApiRequestError>[0]> & { status: number },
) => new ApiRequestError({ message: 'server text', ...init });

describe('the error handler', () => {
  it('logs out on any 401, and still says why when the body has a code', async () => {
    const { deps, handle, t } = await setup();
    expect(handle(apiError({ status: 401, code: 'INCORRECT_CREDENTIALS' }))).toBe('logout');
    expect(deps.logout).toHaveBeenCalledOnce();
    expect(deps.showMessage).toHaveBeenCalledWith(
      `${t('errors.incorrect_credentials')} ${t('errors.error')}`,
      'warning',
      { label: 'Contact support', href: '/help/contact' },
    );

    expect(handle(apiError({ status: 401 }))).toBe('logout');
    expect(deps.logout).toHaveBeenCalledTimes(2);
  });

  it('puts an error that names a field on that field of the form, translated', async () => {
    const { deps, handle, t } = await setup();
    const setError = vi.fn();
    const outcome = handle(
      apiError({ status: 404, code: 'FLIGHT_SCHEDULE_NOT_FOUND', field: 'flightNumber' }),
      { setError },
    );
    expect(outcome).toBe('field');
    expect(setError).toHaveBeenCalledWith(
      'flightNumber',
      { type: 'server', message: t('errors.flight_schedule_not_found') },
      { shouldFocus: true },
    );
    expect(deps.showMessage).not.toHaveBeenCalled();
  });

  it('shows a field error as a toast when no form is in context', async () => {
    const { deps, handle } = await setup();
    expect(
      handle(apiError({ status: 409, code: 'EMAIL_ALREADY_USED', field: 'emailAddress' })),
    ).toBe('toast');
    expect(deps.showMessage).toHaveBeenCalledOnce();
  });

  it('shows any other coded error as a warning toast: errors.{code} then errors.error', async () => {
    const { deps, handle, t } = await setup();
    handle(apiError({ status: 409, code: 'MAX_TRIPS_EXCEEDED' }));
    const text = `${t('errors.max_trips_exceeded')} ${t('errors.error')}`;
    expect(text).not.toContain('errors.');
    expect(deps.showMessage).toHaveBeenCalledWith(text, 'warning', {
      label: t('errors.contact_support'),
      href: '/help/contact',
    });
  });

  it('writes the toast in the current language', async () => {
    const { deps, handle, t } = await setup('fr');
    handle(apiError({ status: 409, code: 'MAX_TRIPS_EXCEEDED' }));
    const [message] = deps.showMessage.mock.calls[0]!;
    expect(message).toBe(`${t('errors.max_trips_exceeded')} ${t('errors.error')}`);
    const english = (await setup('en')).t;
    expect(message).not.toBe(`${english('errors.max_trips_exceeded')} ${english('errors.error')}`);
  });

  it('opens the error dialog for partner-level errors, by body name or by code', async () => {
    const { deps, handle, t } = await setup();
    expect(handle(apiError({ status: 400, code: 'INVALID_PARAMS', bodyName: 'B2BError' }))).toBe(
      'dialog',
    );
    expect(handle(apiError({ status: 403, code: 'ORIGIN_NOT_ALLOWED' }))).toBe('dialog');
    expect(deps.showErrorDialog).toHaveBeenLastCalledWith({
      title: t('error_dialog.title'),
      body: t('errors.origin_not_allowed'),
    });
    expect(deps.showMessage).not.toHaveBeenCalled();
  });

  it('shows the raw message of an error without a code, or errors.unknown_error', async () => {
    const { deps, handle, t } = await setup();
    handle(new Error('Renderer exploded'));
    expect(deps.showMessage).toHaveBeenLastCalledWith('Renderer exploded', 'error');
    handle(apiError({ status: 0, message: '' }));
    expect(deps.showMessage).toHaveBeenLastCalledWith(t('errors.unknown_error'), 'error');
  });

  it('ignores a request the page itself cancelled', async () => {
    const { deps, handle } = await setup();
    expect(handle(new DOMException('aborted', 'AbortError'))).toBe('ignored');
    expect(deps.showMessage).not.toHaveBeenCalled();
  });
});
