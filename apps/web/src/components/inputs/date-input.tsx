import TextField from '@mui/material/TextField';
import { checkDate, checkDateTime, type DateRule } from '@tern/domain/rules/date';
import { useController, type FieldValues } from 'react-hook-form';
import type { FieldProps } from './field-props.ts';
import { useErrorText } from './use-error-text.ts';

export type DateInputProps<T extends FieldValues> = FieldProps<T> &
  Omit<DateRule, 'required'> & {
    /** A date ('YYYY-MM-DD') or a date and time ('YYYY-MM-DDTHH:mm'). */
    withTime?: boolean;
  };

/** Spec 1 §5: bounds default to the years 0001 and 9999. */
const DEFAULT_BOUNDS = {
  date: { min: '0001-01-01', max: '9999-12-31' },
  dateTime: { min: '0001-01-01T00:00', max: '9999-12-31T23:59' },
} as const;

/** A plain-date bound on a date-time field: a min starts its day, a max includes its whole day. */
const asDateTime = (bound: string, endOfDay: boolean) =>
  bound.length === 10 ? `${bound}T${endOfDay ? '23:59' : '00:00'}` : bound;

/**
 * A date (or date-time) field on the browser's native picker. Its value is checked by the
 * domain's date rule, so the errors are spec 1 §5's: required, invalid_date, disabled_past,
 * disabled_before and disabled_after with the bound as {{date}}. Forms with a zod resolver
 * get the same keys from the domain schema; the field fills in the bound either way.
 */
export function DateInput<T extends FieldValues>({
  name,
  control,
  rules,
  label,
  helperText,
  required = false,
  disabled,
  withTime = false,
  min,
  max,
  disablePast,
  today,
}: DateInputProps<T>) {
  const rule: DateRule = { required, min, max, disablePast, today };
  const check = withTime ? checkDateTime : checkDate;
  const { field, fieldState } = useController({
    name,
    control,
    rules: {
      ...rules,
      validate: (value: unknown) =>
        check(typeof value === 'string' ? value : '', rule)?.key ?? true,
    },
  });
  const problem = check(typeof field.value === 'string' ? field.value : '', rule);
  const values = problem && problem.key === fieldState.error?.message ? problem.values : undefined;
  const errorText = useErrorText(fieldState.error, values);
  const bounds = withTime ? DEFAULT_BOUNDS.dateTime : DEFAULT_BOUNDS.date;
  const inputMin = min ? (withTime ? asDateTime(min, false) : min.slice(0, 10)) : bounds.min;
  const inputMax = max ? (withTime ? asDateTime(max, true) : max.slice(0, 10)) : bounds.max;
  return (
    <TextField
      name={field.name}
      type={withTime ? 'datetime-local' : 'date'}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      required={required}
      disabled={disabled}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: inputMin, max: inputMax } }}
    />
  );
}
