import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import {
  FormProvider,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { useFormErrorReporter } from '../../core/errors/use-form-error-reporter.ts';
import { isReported } from '../../lib/reported-error.ts';
import { useLinkedFields } from './use-linked-fields.ts';
import { useZodForm, type FormSchema } from './use-zod-form.ts';

type FrameProps<Input extends FieldValues, Output extends FieldValues> = {
  /**
   * Runs with the checked values. A rejection is reported by the one error handler: an API
   * error naming one of this form's fields lands on that input, anything else becomes a toast,
   * the error dialog or a logout (401). An error already shown (a failed session setup) is not
   * shown twice.
   */
  onSubmit: (values: Output, form: UseFormReturn<Input, unknown, Output>) => Promise<void> | void;
  /** After the report: what this form does besides, e.g. record a failed sign-in. */
  onError?: (error: unknown) => void;
  /** Fields checked against each other (a password and its confirmation). */
  linked?: readonly FieldPath<Input>[];
  /** For a submit button outside the form (a dialog's actions): `form={id}`. */
  id?: string;
  /** `search` for a search form. */
  role?: string;
  sx?: SxProps<Theme>;
  'data-testid'?: string;
  children: (form: UseFormReturn<Input, unknown, Output>) => ReactNode;
};

export type FormProps<Input extends FieldValues, Output extends FieldValues> = FrameProps<
  Input,
  Output
> & {
  /**
   * The domain's rules for these fields: the form refuses what the API refuses. A loader
   * (`() => import(…)`) keeps the schema, and zod, out of a first page's download.
   */
  schema: FormSchema<Input, Output>;
  defaultValues: DefaultValues<Input>;
};

/**
 * The portal's one form: react-hook-form checked by a domain zod schema, submitted once, its
 * failure reported the same way everywhere. Fields come as children, given the form; a
 * `<SubmitButton>` among them follows its submitting state.
 */
export function Form<Input extends FieldValues, Output extends FieldValues>({
  schema,
  defaultValues,
  ...frame
}: FormProps<Input, Output>) {
  return <BoundForm form={useZodForm(schema, defaultValues)} {...frame} />;
}

/**
 * `<Form>` around a form made outside (`useZodForm`), where the page needs the form itself:
 * to keep a draft as it is typed, or to show a dialog's submit button busy.
 */
export function BoundForm<Input extends FieldValues, Output extends FieldValues>({
  form,
  onSubmit,
  onError,
  ...props
}: FrameProps<Input, Output> & { form: UseFormReturn<Input, unknown, Output> }) {
  const fields = Object.keys(form.formState.defaultValues ?? {}) as (keyof Input & string)[];
  const report = useFormErrorReporter(form, fields);
  useLinkedFields(form, props.linked ?? []);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values, form);
    } catch (error) {
      if (isReported(error)) return;
      await report(error);
      onError?.(error);
    }
  });

  return (
    <Box
      component="form"
      id={props.id}
      role={props.role}
      noValidate
      onSubmit={submit}
      sx={props.sx ?? { display: 'grid', gap: 2 }}
      data-testid={props['data-testid']}
    >
      <FormProvider {...form}>{props.children(form)}</FormProvider>
    </Box>
  );
}
