import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { FieldProps } from './field-props.ts';
import { useErrorText } from './use-error-text.ts';

/** An on/off setting that applies at once (e.g. communication preferences); holds a boolean. */
export function SwitchInput<T extends FieldValues>({
  name,
  control,
  rules,
  label,
  helperText,
  required,
  disabled,
}: FieldProps<T>) {
  const { field, fieldState } = useController({ name, control, rules });
  const errorText = useErrorText(fieldState.error);
  const helperId = useId();
  const help = errorText ?? helperText;
  return (
    <FormControl error={Boolean(errorText)} required={required} disabled={disabled}>
      <FormControlLabel
        label={label}
        control={
          <Switch
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{
              input: { ref: field.ref, ...(help ? { 'aria-describedby': helperId } : {}) },
            }}
          />
        }
      />
      {help ? <FormHelperText id={helperId}>{help}</FormHelperText> : null}
    </FormControl>
  );
}
