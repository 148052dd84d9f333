import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../../test/render-form.tsx';
import { CurrencyInput } from './currency-input.tsx';

type Values = { revenue: string };

describe('CurrencyInput', () => {
  it('groups thousands and keeps two decimals while the form holds the plain number', async () => {
    const { user, form } = await renderForm<Values>(
      (control) => (
        <CurrencyInput control={control} name="revenue" label="Monthly revenue" currency="CAD" />
      ),
      { revenue: '' },
    );
    const input = screen.getByRole('textbox', { name: 'Monthly revenue' });
    await user.type(input, '1234567.891');
    expect(input).toHaveValue('1,234,567.89');
    expect(form().getValues('revenue')).toBe('1234567.89');
    expect(screen.getByText('CAD')).toBeInTheDocument();
  });

  it('shows a value set by the form formatted', async () => {
    await renderForm<Values>(
      (control) => <CurrencyInput control={control} name="revenue" label="Revenue" />,
      {
        revenue: '9876.5',
      },
    );
    expect(screen.getByRole('textbox', { name: 'Revenue' })).toHaveValue('9,876.5');
  });

  it('uses the separators of the page language', async () => {
    const { user, form } = await renderForm<Values>(
      (control) => <CurrencyInput control={control} name="revenue" label="Revenu" />,
      { revenue: '' },
      { language: 'fr' },
    );
    const input = screen.getByRole('textbox', { name: 'Revenu' });
    await user.type(input, '12345,678');
    expect(input).toHaveValue('12\u202f345,67');
    expect(form().getValues('revenue')).toBe('12345.67');
  });
});
