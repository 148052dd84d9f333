import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../../test/render-form.tsx';
import { MobileInput } from './mobile-input.tsx';

type Values = { mobilePhoneNumber: string };

const renderMobile = (defaultCountry?: string) =>
  renderForm<Values>(
    (control) => (
      <MobileInput
        control={control}
        name="mobilePhoneNumber"
        label="Mobile number"
        defaultCountry={defaultCountry}
      />
    ),
    { mobilePhoneNumber: '' },
  );

describe('MobileInput', () => {
  it('stores the number with the calling code of the chosen country', async () => {
    const { user, form } = await renderMobile('GB');
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '7700 900123');
    expect(form().getValues('mobilePhoneNumber')).toBe('+447700900123');
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveTextContent('GB +44');
  });

  it('refuses keystrokes that make the number too long for the country', async () => {
    const { user, form } = await renderMobile('GB');
    const input = screen.getByRole('textbox', { name: 'Mobile number' });
    await user.type(input, '77009001234567');
    expect(input).toHaveValue('7700900123');
    expect(form().getValues('mobilePhoneNumber')).toBe('+447700900123');
  });

  it('lets the user pick the country from a list that names the calling codes', async () => {
    const { user, form } = await renderMobile('CA');
    await user.click(screen.getByRole('combobox', { name: 'Country code' }));
    const listbox = await screen.findByRole('listbox');
    await user.click(within(listbox).getByRole('option', { name: 'France (+33)' }));
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '612345678');
    expect(form().getValues('mobilePhoneNumber')).toBe('+33612345678');
  });

  it('caps the national number at 20 characters', async () => {
    await renderMobile();
    expect(screen.getByRole('textbox', { name: 'Mobile number' })).toHaveAttribute(
      'maxlength',
      '20',
    );
  });

  it('shows a number already in the form under the country it was typed for', async () => {
    await renderForm<Values>(
      (control) => (
        <MobileInput
          control={control}
          name="mobilePhoneNumber"
          label="Mobile number"
          defaultCountry="CA"
        />
      ),
      { mobilePhoneNumber: '+33612345678' },
    );
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveTextContent('FR +33');
    expect(screen.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('612345678');
  });

  it('keeps the default country when its calling code fits the stored number', async () => {
    await renderForm<Values>(
      (control) => (
        <MobileInput
          control={control}
          name="mobilePhoneNumber"
          label="Mobile number"
          defaultCountry="CA"
        />
      ),
      { mobilePhoneNumber: '+14165550123' },
    );
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveTextContent('CA +1');
  });
});
