import { lazy, Suspense } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ProofFieldProps } from './proof-field.tsx';

const Field = lazy(() => import('./proof-field.tsx').then((m) => ({ default: m.ProofField })));

/**
 * The holder's proof field for the other areas' forms, its code (the form library's inputs)
 * arriving with the first form that shows it: a static re-export from `index.ts` put that
 * code in the chunk every page loads (the routes import the area's index).
 */
export function ProofField<T extends FieldValues>(props: ProofFieldProps<T>) {
  return (
    <Suspense fallback={null}>
      <Field {...(props as unknown as ProofFieldProps<FieldValues>)} />
    </Suspense>
  );
}
