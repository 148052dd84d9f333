import type { FieldValues } from 'react-hook-form';
import { BooleanInput } from './boolean-input.tsx';
import type { FieldProps } from './field-props.ts';

/** An on/off setting that applies at once (e.g. communication preferences); holds a boolean. */
export function SwitchInput<T extends FieldValues>(props: FieldProps<T>) {
  return <BooleanInput kind="switch" {...props} />;
}
