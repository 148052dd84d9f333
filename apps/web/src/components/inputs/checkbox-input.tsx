import type { FieldValues } from 'react-hook-form';
import { BooleanInput } from './boolean-input.tsx';
import type { FieldProps } from './field-props.ts';

/** A yes/no choice, such as accepting terms; the form holds a boolean. */
export function CheckboxInput<T extends FieldValues>(props: FieldProps<T>) {
  return <BooleanInput kind="checkbox" {...props} />;
}
