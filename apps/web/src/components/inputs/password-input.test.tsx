import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../../test/render-form.tsx';
import { errorMessages, PasswordInput } from './password-input.tsx';

describe('PasswordInput', () => {
  it('lists every message of a field error, one per line, translated', async () => {
    const { user, form } = await renderForm<{ password: string }>(
      (control) => (
        <PasswordInput
          control={control}
          name="password"
          label="Password"
          autoComplete="new-password"
        />
      ),
      { password: '' },
    );
    form().setError('password', {
      type: 'custom',
      types: { custom: ['validation.passwordv1', 'validation.passwordv3'] },
    });
    const input = screen.getByLabelText('Password');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The password must be at least 8 characters long.\nThe password must contain at least one number.',
    );
    await user.type(input, 'x');
    expect(input).toHaveAttribute('type', 'password');
  });

  it('reads the messages of an error with or without types', () => {
    expect(errorMessages(undefined)).toEqual([]);
    expect(errorMessages({ type: 'server', message: 'errors.invalid_password' })).toEqual([
      'errors.invalid_password',
    ]);
    expect(errorMessages({ type: 'custom', types: { custom: ['a', 'b'], required: 'c' } })).toEqual(
      ['a', 'b', 'c'],
    );
  });
});
