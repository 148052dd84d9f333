import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from '../../test/render-form.tsx';
import { DateInput, type DateInputProps } from './date-input.tsx';
import { DateTimeInput } from './date-time-input.tsx';

type Values = { embarkDate: string };

const renderDate = (props: Partial<DateInputProps<Values>> = {}, value = '') =>
  renderForm<Values>(
    (control) => (
      <DateInput control={control} name="embarkDate" label="Departure date" {...props} />
    ),
    { embarkDate: value },
  );

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'submit' }));
const field = () => screen.getByLabelText(/Departure date/);

describe('DateInput', () => {
  it('is a native date field bounded by the years 0001 and 9999', async () => {
    await renderDate();
    expect(field()).toHaveAttribute('type', 'date');
    expect(field()).toHaveAttribute('min', '0001-01-01');
    expect(field()).toHaveAttribute('max', '9999-12-31');
  });

  it('says a required date is missing (required)', async () => {
    await renderDate({ required: true });
    submit();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
  });

  it('refuses a date that does not exist (invalid_date)', async () => {
    const { form } = await renderDate();
    await act(async () => {
      form().setValue('embarkDate', '2025-02-30');
      await form().trigger('embarkDate');
    });
    expect(screen.getByText('Enter a valid date.')).toBeInTheDocument();
  });

  it('refuses a past date when the past is disabled (disabled_past)', async () => {
    await renderDate({ disablePast: true, today: '2025-06-15' });
    fireEvent.change(field(), { target: { value: '2025-06-14' } });
    submit();
    expect(await screen.findByText('The date cannot be in the past.')).toBeInTheDocument();
  });

  it('names the bound a date falls outside (disabled_before, disabled_after)', async () => {
    await renderDate({ min: '2025-01-01', max: '2025-12-31' });
    expect(field()).toHaveAttribute('min', '2025-01-01');
    fireEvent.change(field(), { target: { value: '2024-12-31' } });
    submit();
    expect(await screen.findByText('The date cannot be before 2025-01-01.')).toBeInTheDocument();

    fireEvent.change(field(), { target: { value: '2026-01-01' } });
    submit();
    expect(await screen.findByText('The date cannot be after 2025-12-31.')).toBeInTheDocument();
  });

  it('accepts a date within its bounds', async () => {
    const { form } = await renderDate({ min: '2025-01-01', required: true });
    fireEvent.change(field(), { target: { value: '2025-03-04' } });
    submit();
    await act(async () => undefined);
    expect(form().formState.errors.embarkDate).toBeUndefined();
    expect(form().getValues('embarkDate')).toBe('2025-03-04');
  });
});

describe('DateTimeInput', () => {
  it('is a native date-time field bounded by the years 0001 and 9999', async () => {
    await renderForm<Values>(
      (control) => <DateTimeInput control={control} name="embarkDate" label="Departure date" />,
      {
        embarkDate: '',
      },
    );
    expect(field()).toHaveAttribute('type', 'datetime-local');
    expect(field()).toHaveAttribute('min', '0001-01-01T00:00');
    expect(field()).toHaveAttribute('max', '9999-12-31T23:59');
  });

  it('compares to the minute', async () => {
    await renderForm<Values>(
      (control) => (
        <DateTimeInput
          control={control}
          name="embarkDate"
          label="Departure date"
          min="2025-06-15T10:30"
        />
      ),
      { embarkDate: '' },
    );
    fireEvent.change(field(), { target: { value: '2025-06-15T10:29' } });
    submit();
    expect(
      await screen.findByText('The date cannot be before 2025-06-15T10:30.'),
    ).toBeInTheDocument();
  });
});
