import type { ReactNode } from 'react';
import {
  useForm,
  type Control,
  type DefaultValues,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { renderWithProviders } from './render-with-providers.tsx';

/**
 * Renders inputs inside a react-hook-form form with a submit button ("submit"), and gives the
 * test the form itself to read values and errors.
 */
export async function renderForm<T extends FieldValues>(
  fields: (control: Control<T>) => ReactNode,
  defaultValues: DefaultValues<T>,
  options: { language?: 'en' | 'es' | 'fr' } = {},
) {
  const holder: { form?: UseFormReturn<T> } = {};
  function Harness() {
    const form = useForm<T>({ defaultValues, mode: 'onSubmit' });
    holder.form = form;
    return (
      <form noValidate onSubmit={form.handleSubmit(() => undefined)}>
        {fields(form.control)}
        <button type="submit">submit</button>
      </form>
    );
  }
  const result = await renderWithProviders(<Harness />, options);
  const form = () => {
    if (!holder.form) throw new Error('form not rendered');
    return holder.form;
  };
  return { ...result, form };
}
