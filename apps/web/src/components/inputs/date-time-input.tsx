import type { FieldValues } from 'react-hook-form';
import { DateInput, type DateInputProps } from './date-input.tsx';

/** A date and time ('YYYY-MM-DDTHH:mm'); past, min and max compare to the minute. */
export function DateTimeInput<T extends FieldValues>(props: Omit<DateInputProps<T>, 'withTime'>) {
  return <DateInput {...props} withTime />;
}
