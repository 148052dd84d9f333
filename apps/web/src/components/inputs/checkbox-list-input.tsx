import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useId } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { FieldProps } from './field-props.ts';
import type { SelectOption } from './select-option.ts';
import { useErrorText } from './use-error-text.ts';

/** A choice of the list; a `fixed` one is always chosen and cannot be unticked. */
type CheckboxOption = SelectOption & { fixed?: boolean };

export type CheckboxListInputProps<T extends FieldValues> = FieldProps<T> & {
  options: readonly CheckboxOption[];
  /** Fill the error text's interpolations ("up to {{max}} passengers"). */
  errorValues?: Record<string, unknown>;
};

/**
 * Several choices at once, all visible: a fieldset whose legend is the label. The form holds
 * the list of the chosen values, in the options' order.
 */
export function CheckboxListInput<T extends FieldValues>({
  name,
  control,
  rules,
  label,
  helperText,
  required,
  disabled,
  options,
  errorValues,
}: CheckboxListInputProps<T>) {
  const { field, fieldState } = useController({ name, control, rules });
  const errorText = useErrorText(fieldState.error, errorValues);
  const labelId = useId();
  const helperId = useId();
  const help = errorText ?? helperText;
  const chosen: readonly string[] = Array.isArray(field.value) ? field.value : [];
  const toggle = (value: string, on: boolean) =>
    field.onChange(
      options.map((option) => option.value).filter((v) => (v === value ? on : chosen.includes(v))),
    );
  return (
    <FormControl
      component="fieldset"
      error={Boolean(errorText)}
      required={required}
      disabled={disabled}
    >
      <FormLabel component="legend" id={labelId}>
        {label}
      </FormLabel>
      <FormGroup aria-labelledby={labelId} {...(help ? { 'aria-describedby': helperId } : {})}>
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            label={option.label}
            disabled={option.disabled || option.fixed}
            control={
              <Checkbox
                name={field.name}
                checked={option.fixed || chosen.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                onBlur={field.onBlur}
              />
            }
          />
        ))}
      </FormGroup>
      {help ? <FormHelperText id={helperId}>{help}</FormHelperText> : null}
    </FormControl>
  );
}
