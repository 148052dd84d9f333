import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-request-error.ts';
import { applyFieldErrors } from './apply-field-errors.ts';

describe('applyFieldErrors', () => {
  it("sets the error's field to its errors.{code} key, focusing it", () => {
    const setError = vi.fn();
    const error = new ApiRequestError({
      status: 409,
      code: 'EMAIL_ALREADY_USED',
      field: 'emailAddress',
      message: 'x',
    });
    expect(applyFieldErrors(error, setError)).toBe(true);
    expect(setError).toHaveBeenCalledWith(
      'emailAddress',
      { type: 'server', message: 'errors.email_already_used' },
      { shouldFocus: true },
    );
  });

  it("says on the error's own field what its detail says, before the code's text", () => {
    const setError = vi.fn();
    const error = new ApiRequestError({
      status: 422,
      code: 'PAYMENT_FIELDS_INVALID',
      field: 'iban',
      message: 'x',
      details: [
        { field: 'iban', message: 'validation.invalid' },
        { field: 'bic', message: 'validation.required' },
      ],
    });
    expect(applyFieldErrors(error, setError)).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['iban', { type: 'server', message: 'validation.invalid' }, { shouldFocus: true }],
      ['bic', { type: 'server', message: 'validation.required' }, { shouldFocus: false }],
    ]);
  });

  it('sets every field listed in details, translating with the given function', () => {
    const setError = vi.fn();
    const error = new ApiRequestError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'x',
      details: [
        { field: 'firstName', message: 'validation.required' },
        { field: 'surname', message: 'validation.alphabetic' },
      ],
    });
    expect(applyFieldErrors(error, setError, (key) => `<${key}>`)).toBe(true);
    expect(setError).toHaveBeenNthCalledWith(
      1,
      'firstName',
      { type: 'server', message: '<validation.required>' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenNthCalledWith(
      2,
      'surname',
      { type: 'server', message: '<validation.alphabetic>' },
      { shouldFocus: false },
    );
  });

  it('leaves the form alone for errors that name no field', () => {
    const setError = vi.fn();
    expect(
      applyFieldErrors(
        new ApiRequestError({ status: 409, code: 'CLAIMS_EXCEEDED', message: 'x' }),
        setError,
      ),
    ).toBe(false);
    expect(applyFieldErrors(new Error('x'), setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });

  it('leaves out errors on fields the form does not have, when it names its fields', () => {
    const setError = vi.fn();
    const error = new ApiRequestError({
      status: 400,
      code: 'EXPIRED_CODE',
      field: 'code',
      message: 'x',
    });
    expect(applyFieldErrors(error, setError, undefined, ['password', 'passwordConfirm'])).toBe(
      false,
    );
    expect(applyFieldErrors(error, setError, undefined, ['code'])).toBe(true);
    expect(setError).toHaveBeenCalledOnce();
  });
});
