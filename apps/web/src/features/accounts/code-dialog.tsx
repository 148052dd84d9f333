import Button, { type ButtonProps } from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { codeFormSchema } from '@tern/domain/accounts/schemas';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog/dialog.tsx';
import { BoundForm } from '../../components/form/form.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { CodeField } from './code-field.tsx';

export type CodeDialogProps = {
  title: string;
  description: string;
  submitLabel: string;
  submitColor?: ButtonProps['color'];
  cancelLabel: string;
  onCancel: () => void;
  /** Escape and the close button cancel too; without it only the Cancel button does. */
  dismissible?: boolean;
  /** Runs with the 6-digit code; a rejection shows on the code field or as a toast. */
  onSubmit: (code: string) => Promise<void>;
};

/**
 * A dialog that asks for a 6-digit code (from the authenticator, or texted), with its
 * Cancel and submit buttons; the submit button is busy while the code is checked.
 */
export function CodeDialog({
  title,
  description,
  submitLabel,
  submitColor = 'primary',
  cancelLabel,
  onCancel,
  dismissible = false,
  onSubmit,
}: CodeDialogProps) {
  const { t } = useTranslation('accounts');
  const formId = useId();
  // Made here: the dialog's actions show whether it is submitting.
  const form = useZodForm(codeFormSchema, { code: '' });
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
      <Typography sx={{ mb: 2 }}>{description}</Typography>
      <BoundForm
        id={formId}
        form={form}
        onSubmit={({ code }) => onSubmit(code)}
        sx={{ display: 'block' }}
      >
        {() => <CodeField control={form.control} name="code" label={t('mfa.code')} />}
      </BoundForm>
    </Dialog>
  );
}
