import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId, type ReactNode } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { FieldProps } from './field-props.ts';
import { useErrorText } from './use-error-text.ts';

/**
 * A labelled boolean input shown as a checkbox or a switch; the form holds a boolean. The label
 * may carry a link (the terms it accepts): a link inside it opens without ticking the box.
 */
export function BooleanInput<T extends FieldValues>({
  kind,
  name,
  control,
  rules,
  label,
  helperText,
  required,
  disabled,
}: Omit<FieldProps<T>, 'label'> & { kind: 'checkbox' | 'switch'; label: ReactNode }) {
  const { field, fieldState } = useController({ name, control, rules });
  const errorText = useErrorText(fieldState.error);
  const helperId = useId();
  const help = errorText ?? helperText;
  const Control = kind === 'checkbox' ? Checkbox : Switch;
  return (
    <FormControl error={Boolean(errorText)} required={required} disabled={disabled}>
      <FormControlLabel
        label={label}
        control={
          <Control
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{
              input: {
                ref: field.ref,
                ...(help ? { 'aria-describedby': helperId } : {}),
                ...(errorText ? { 'aria-invalid': true } : {}),
              },
            }}
          />
        }
      />
      {help ? <FormHelperText id={helperId}>{help}</FormHelperText> : null}
    </FormControl>
  );
}
