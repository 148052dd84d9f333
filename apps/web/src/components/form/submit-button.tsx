import Button, { type ButtonProps } from '@mui/material/Button';
import { useFormState } from 'react-hook-form';

/** The submit button of a `<Form>`: the main action, busy while the form submits. */
export function SubmitButton(props: Omit<ButtonProps, 'type' | 'loading'>) {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" size="large" loading={isSubmitting} {...props} />
  );
}
