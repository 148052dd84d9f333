import { act, screen } from '@testing-library/react';
import { loadLanguage } from '../../app/i18n/load-language.ts';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../../test/render-form.tsx';
import { TextInput } from './text-input.tsx';

type Values = { firstName: string };

describe('TextInput', () => {
  it('is labelled and stops at 50 characters by default', async () => {
    const { user, form } = await renderForm<Values>(
      (control) => <TextInput control={control} name="firstName" label="First name" />,
      {
        firstName: '',
      },
    );
    const input = screen.getByRole('textbox', { name: 'First name' });
    expect(input).toHaveAttribute('maxlength', '50');
    await user.type(input, 'x'.repeat(60));
    expect(form().getValues('firstName')).toHaveLength(50);
  });

  it('takes another limit when a form sets one', async () => {
    await renderForm<Values>(
      (control) => <TextInput control={control} name="firstName" label="Code" maxLength={6} />,
      {
        firstName: '',
      },
    );
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAttribute('maxlength', '6');
  });

  it('shows a rule key as text in the current language, filling in the limit, and follows a language change', async () => {
    const { form, i18n } = await renderForm<Values>(
      (control) => <TextInput control={control} name="firstName" label="First name" />,
      { firstName: '' },
    );
    act(() => form().setError('firstName', { message: 'validation.max_length' }));
    const input = screen.getByRole('textbox', { name: 'First name' });
    expect(input).toHaveAccessibleDescription('Use 50 characters or fewer.');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await act(async () => {
      await loadLanguage(i18n, 'fr');
      await i18n.changeLanguage('fr');
    });
    const french = i18n.t('validation.max_length', { max: 50 });
    expect(french).not.toBe('Use 50 characters or fewer.');
    expect(input).toHaveAccessibleDescription(french);
  });

  it('marks a required rule failure with the required text', async () => {
    const { user } = await renderForm<Values>(
      (control) => (
        <TextInput
          control={control}
          name="firstName"
          label="First name"
          rules={{ required: true }}
        />
      ),
      { firstName: '' },
    );
    await user.click(screen.getByRole('button', { name: 'submit' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
  });
});
