import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { FieldProps } from './field-props.ts';
import type { SelectOption } from './select-option.ts';
import { useErrorText } from './use-error-text.ts';

export type RadioGroupInputProps<T extends FieldValues> = FieldProps<T> & {
  options: readonly SelectOption[];
  row?: boolean;
};

/** One choice among a few, all visible; a fieldset whose legend is the label. */
export function RadioGroupInput<T extends FieldValues>({
  name,
  control,
  rules,
  label,
  helperText,
  required,
  disabled,
  options,
  row,
}: RadioGroupInputProps<T>) {
  // The ref goes to the group itself, so it is kept apart from the field's values.
  const {
    field: { ref, ...field },
    fieldState,
  } = useController({ name, control, rules });
  const errorText = useErrorText(fieldState.error);
  const labelId = useId();
  const helperId = useId();
  const help = errorText ?? helperText;
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
      <RadioGroup
        name={field.name}
        value={field.value ?? ''}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        ref={ref}
        row={row}
        aria-labelledby={labelId}
        {...(help ? { 'aria-describedby': helperId } : {})}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            label={option.label}
            disabled={option.disabled}
            control={<Radio />}
          />
        ))}
      </RadioGroup>
      {help ? <FormHelperText id={helperId}>{help}</FormHelperText> : null}
    </FormControl>
  );
}
