import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../../test/render-form.tsx';
import { SearchableSelect } from './searchable-select.tsx';

type Values = { nationality: string };

const options = [
  'Canadian',
  'French',
  'Spanish',
  'Mexican',
  'Portuguese',
  'Italian',
  'German',
  'Turkish',
  'Chinese',
  'Brazilian',
].map((label) => ({ value: label.slice(0, 3).toUpperCase(), label }));

const renderSearchable = (dense?: boolean) =>
  renderForm<Values>(
    (control) => (
      <SearchableSelect
        control={control}
        name="nationality"
        label="Nationality"
        options={options}
        dense={dense}
      />
    ),
    { nationality: '' },
  );

describe('SearchableSelect', () => {
  it('shows at most 8 rows, 48 px or 40 px when dense', async () => {
    const { user, unmount } = await renderSearchable();
    await user.click(screen.getByRole('combobox', { name: 'Nationality' }));
    expect(await screen.findByRole('listbox')).toHaveStyle({ maxHeight: '384px' });
    unmount();

    const dense = await renderSearchable(true);
    await dense.user.click(screen.getByRole('combobox', { name: 'Nationality' }));
    expect(await screen.findByRole('listbox')).toHaveStyle({ maxHeight: '320px' });
  });

  it('filters as the user types and puts the chosen value in the form', async () => {
    const { user, form } = await renderSearchable();
    await user.type(screen.getByRole('combobox', { name: 'Nationality' }), 'an');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Canadian', 'Spanish', 'Mexican', 'Italian', 'German', 'Brazilian']);
    await user.click(within(listbox).getByRole('option', { name: 'German' }));
    expect(form().getValues('nationality')).toBe('GER');
    expect(screen.getByRole('combobox', { name: 'Nationality' })).toHaveValue('German');
  });

  it('says so in the page language when nothing matches', async () => {
    const { user } = await renderForm<Values>(
      (control) => (
        <SearchableSelect
          control={control}
          name="nationality"
          label="Nacionalidad"
          options={options}
        />
      ),
      { nationality: '' },
      { language: 'es' },
    );
    await user.type(screen.getByRole('combobox', { name: 'Nacionalidad' }), 'zzz');
    expect(await screen.findByText('No hay opciones')).toBeInTheDocument();
  });
});
