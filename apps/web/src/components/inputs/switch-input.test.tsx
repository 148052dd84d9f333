import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../../test/render-form.tsx';
import { SwitchInput } from './switch-input.tsx';

type Values = { commsSms: boolean };

describe('SwitchInput', () => {
  it('is a labelled switch holding a boolean', async () => {
    const { user, form } = await renderForm<Values>(
      (control) => (
        <SwitchInput
          control={control}
          name="commsSms"
          label="Text messages"
          helperText="About your trips"
        />
      ),
      { commsSms: true },
    );
    const toggle = screen.getByRole('switch', { name: 'Text messages' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription('About your trips');
    await user.click(toggle);
    expect(form().getValues('commsSms')).toBe(false);
  });
});
