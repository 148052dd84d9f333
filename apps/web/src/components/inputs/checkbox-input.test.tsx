import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../../test/render-form.tsx';
import { CheckboxInput } from './checkbox-input.tsx';

type Values = { tob: boolean };

describe('CheckboxInput', () => {
  it('toggles a boolean in the form through its label', async () => {
    const { user, form } = await renderForm<Values>(
      (control) => (
        <CheckboxInput control={control} name="tob" label="I accept the terms of business" />
      ),
      { tob: false },
    );
    await user.click(screen.getByText('I accept the terms of business'));
    expect(screen.getByRole('checkbox', { name: 'I accept the terms of business' })).toBeChecked();
    expect(form().getValues('tob')).toBe(true);
  });

  it('describes itself with its error', async () => {
    const { user } = await renderForm<Values>(
      (control) => (
        <CheckboxInput
          control={control}
          name="tob"
          label="I accept the terms of business"
          rules={{ validate: (v) => v || 'validation.tob' }}
        />
      ),
      { tob: false },
    );
    await user.click(screen.getByRole('button', { name: 'submit' }));
    const checkbox = screen.getByRole('checkbox', { name: 'I accept the terms of business' });
    expect(checkbox).toHaveAccessibleDescription('Please confirm the terms of business.');
    expect(checkbox).toHaveAttribute('aria-invalid', 'true');
  });
});
