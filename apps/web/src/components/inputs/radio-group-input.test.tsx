import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../../test/render-form.tsx';
import { RadioGroupInput } from './radio-group-input.tsx';

type Values = { tripType: string };

const options = [
  { value: 'single', label: 'One way' },
  { value: 'return', label: 'Return' },
  { value: 'multi', label: 'Multi-city' },
];

describe('RadioGroupInput', () => {
  it('is a named group whose choice goes to the form', async () => {
    const { user, form } = await renderForm<Values>(
      (control) => (
        <RadioGroupInput control={control} name="tripType" label="Trip type" options={options} />
      ),
      { tripType: 'single' },
    );
    expect(screen.getByRole('radiogroup', { name: 'Trip type' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'One way' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Return' }));
    expect(form().getValues('tripType')).toBe('return');
  });
});
