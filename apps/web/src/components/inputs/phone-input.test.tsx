import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../../test/render-form.tsx';
import { PhoneInput } from './phone-input.tsx';

type Values = { contactNumber: string };

describe('PhoneInput', () => {
  it('keeps only digits and the plus sign', async () => {
    const { user, form } = await renderForm<Values>(
      (control) => <PhoneInput control={control} name="contactNumber" label="Contact number" />,
      { contactNumber: '' },
    );
    const input = screen.getByRole('textbox', { name: 'Contact number' });
    await user.type(input, '+1 (416) 555-0100 ext');
    expect(input).toHaveValue('+14165550100');
    expect(form().getValues('contactNumber')).toBe('+14165550100');
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('maxlength', '20');
  });
});
