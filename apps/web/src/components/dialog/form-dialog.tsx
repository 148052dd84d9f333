import Button, { type ButtonProps } from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { BoundForm } from '../form/form.tsx';
import { Dialog } from './dialog.tsx';

/**
 * A dialog holding one form: a lead, the fields, Cancel, and a submit button busy while the
 * form is submitted. A rejection of `onSubmit` is reported as any form's (on its field, or a
 * toast) and leaves the dialog open.
 */
export function FormDialog<T extends FieldValues>({
  title,
  lead,
  form,
  submitLabel,
  submitColor = 'primary',
  cancelLabel,
  onCancel,
  dismissible = true,
  onSubmit,
  children,
}: {
  title: string;
  lead: string;
  form: UseFormReturn<T>;
  submitLabel: string;
  submitColor?: ButtonProps['color'];
  cancelLabel: string;
  onCancel: () => void;
  /** Escape and the close button cancel too; without it only the Cancel button does. */
  dismissible?: boolean;
  onSubmit: (values: T) => Promise<void>;
  children: ReactNode;
}) {
  const formId = useId();
  return (
    <Dialog
      open
      title={title}
      {...(dismissible ? { onClose: onCancel } : {})}
      actions={
        <>
          <Button onClick={onCancel}>{cancelLabel}</Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            color={submitColor}
            loading={form.formState.isSubmitting}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      <Typography sx={{ mb: 2 }}>{lead}</Typography>
      <BoundForm id={formId} form={form} onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        {() => children}
      </BoundForm>
    </Dialog>
  );
}
