import type { Control, FieldPath, FieldValues, UseControllerProps } from 'react-hook-form';

/** What every Tern input takes: the form field it edits and how it is labelled. */
export type FieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  /** Optional inside a <FormProvider>. */
  control?: Control<T>;
  rules?: UseControllerProps<T>['rules'];
  /** Already translated: the caller owns its texts. */
  label: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
};
