import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { BooleanInput } from './boolean-input.tsx';
import type { FieldProps } from './field-props.ts';

/**
 * A yes/no choice, such as accepting terms; the form holds a boolean. Its label may link to
 * what is accepted.
 */
export function CheckboxInput<T extends FieldValues>(
  props: Omit<FieldProps<T>, 'label'> & { label: ReactNode },
) {
  return <BooleanInput kind="checkbox" {...props} />;
}
