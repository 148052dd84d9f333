import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form's rules: the schema; a getter of the current one (a form whose rules change with
 * what is typed); or a loader, for a form that paints before zod is downloaded (the sign-in
 * card of the first page): its schema arrives with the first check, when a field is left.
 */
export type FormSchema<Input extends FieldValues, Output extends FieldValues> =
  z.ZodType<Output, Input> | (() => z.ZodType<Output, Input> | Promise<z.ZodType<Output, Input>>);

/**
 * The resolver and zod with it are fetched at the first check, not with the form: a form
 * whose schema is loaded lazily then paints without zod.
 */
const zodResolverOf = () => import('@hookform/resolvers/zod').then((m) => m.zodResolver);

/**
 * A react-hook-form form checked by a zod schema from the domain (or built from its rules), so
 * the form refuses exactly what the API refuses, with the same message keys. Every broken rule
 * of a field is kept (`criteriaMode: 'all'`) for inputs that list them all (the password).
 * Fields are checked when left, then on every change.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: FormSchema<Input, Output>,
  defaultValues: DefaultValues<Input>,
): UseFormReturn<Input, unknown, Output> {
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => {
    const [zodResolver, current] = await Promise.all([
      zodResolverOf(),
      typeof schema === 'function' ? schema() : schema,
    ]);
    return zodResolver<Input, unknown, Output>(current)(values, context, options);
  };
  return useForm<Input, unknown, Output>({
    resolver,
    defaultValues,
    criteriaMode: 'all',
    mode: 'onTouched',
  });
}
