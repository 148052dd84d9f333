import { useEffect } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Fields checked against each other (a password and its confirmation): when one changes, the
 * other is checked again, but only once the user has left it or submitted the form, so no
 * message appears on a field nobody has reached yet.
 */
export function useLinkedFields<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  fields: readonly FieldPath<T>[],
): void {
  const key = fields.join();
  useEffect(() => {
    const names = key.split(',') as FieldPath<T>[];
    const subscription = form.watch((_, { name }) => {
      if (!name || !names.includes(name)) return;
      const { touchedFields, isSubmitted } = form.formState;
      const others = names.filter(
        (other) =>
          other !== name && (isSubmitted || (touchedFields as Record<string, unknown>)[other]),
      );
      if (others.length) void form.trigger(others);
    });
    return () => subscription.unsubscribe();
  }, [form, key]);
}
