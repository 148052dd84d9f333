import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form form checked by a zod schema from the domain (or built from its rules), so
 * the form refuses exactly what the API refuses, with the same message keys. Every broken rule
 * of a field is kept (`criteriaMode: 'all'`) for inputs that list them all (the password).
 * Fields are checked when left, then on every change. A form whose rules change with what is
 * typed (a provider's fields per currency) passes a getter of its current schema.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input> | (() => z.ZodType<Output, Input>),
  defaultValues: DefaultValues<Input>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    resolver:
      typeof schema === 'function'
        ? (values, context, options) => zodResolver(schema())(values, context, options)
        : zodResolver(schema),
    defaultValues,
    criteriaMode: 'all',
    mode: 'onTouched',
  });
}
