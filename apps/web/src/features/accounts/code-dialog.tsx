import type { ButtonProps } from '@mui/material/Button';
import { codeFormSchema } from '@tern/domain/accounts/schemas';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/dialog/form-dialog.tsx';
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
  // Made here: the dialog's actions show whether it is submitting.
  const form = useZodForm(codeFormSchema, { code: '' });
  return (
    <FormDialog
      title={title}
      lead={description}
      form={form}
      submitLabel={submitLabel}
      submitColor={submitColor}
      cancelLabel={cancelLabel}
      onCancel={onCancel}
      dismissible={dismissible}
      onSubmit={({ code }) => onSubmit(code)}
    >
      <CodeField control={form.control} name="code" label={t('mfa.code')} />
    </FormDialog>
  );
}
