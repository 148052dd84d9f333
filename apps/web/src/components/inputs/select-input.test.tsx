import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../../test/render-form.tsx';
import { SelectInput } from './select-input.tsx';
import { SELECT_MAX_ROWS, SELECT_ROW_HEIGHT, SELECT_ROW_HEIGHT_DENSE } from './select-rows.ts';

type Values = { airport: string };

const airports = Array.from({ length: 20 }, (_, i) => ({ value: `A${i}`, label: `Airport ${i}` }));

const renderSelect = (dense?: boolean) =>
  renderForm<Values>(
    (control) => (
      <SelectInput
        control={control}
        name="airport"
        label="Departure airport"
        options={airports}
        dense={dense}
      />
    ),
    { airport: '' },
  );

describe('SelectInput', () => {
  it('has the row constants of spec 1 §2', () => {
    expect([SELECT_MAX_ROWS, SELECT_ROW_HEIGHT, SELECT_ROW_HEIGHT_DENSE]).toEqual([8, 48, 40]);
  });

  it('shows at most 8 rows of 48 px, and scrolls the rest', async () => {
    const { user } = await renderSelect();
    await user.click(screen.getByRole('combobox', { name: 'Departure airport' }));
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toHaveStyle({ maxHeight: '384px', overflowY: 'auto' });
    expect(within(listbox).getAllByRole('option')[0]).toHaveStyle({ height: '48px' });
  });

  it('uses rows of 40 px when dense', async () => {
    const { user } = await renderSelect(true);
    await user.click(screen.getByRole('combobox', { name: 'Departure airport' }));
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toHaveStyle({ maxHeight: '320px' });
    expect(within(listbox).getAllByRole('option')[0]).toHaveStyle({ height: '40px' });
  });

  it('puts the chosen value in the form', async () => {
    const { user, form } = await renderSelect();
    await user.click(screen.getByRole('combobox', { name: 'Departure airport' }));
    await user.click(await screen.findByRole('option', { name: 'Airport 3' }));
    expect(form().getValues('airport')).toBe('A3');
    expect(screen.getByRole('combobox', { name: 'Departure airport' })).toHaveTextContent(
      'Airport 3',
    );
  });
});
