import type { HolderProofKind } from '@tern/domain/payouts/schemas';
import { useState } from 'react';
import { ApiRequestError } from '../../lib/api-request-error.ts';

/**
 * Where money goes changes only with proof of the holder once the sign-in is older than ten
 * minutes: the API says so (403 RECENT_SIGN_IN_REQUIRED, naming the field: the password, or
 * the authenticator's code with MFA on) and the form then shows that field, the error on it.
 */
export function useHolderProof() {
  const [proof, setProof] = useState<HolderProofKind | null>(null);
  return {
    proof,
    /** Call with a failed change: shows the proof field when that is what the API asked for. */
    askIfNeeded(error: unknown): void {
      if (error instanceof ApiRequestError && error.code === 'RECENT_SIGN_IN_REQUIRED')
        setProof(error.field === 'code' ? 'code' : 'password');
    },
    /** What a change sends: the proof typed, once asked for. */
    proofOf(values: { password?: string | undefined; code?: string | undefined }): {
      password?: string;
      code?: string;
    } {
      if (proof === 'code' && values.code) return { code: values.code };
      if (proof === 'password' && values.password) return { password: values.password };
      return {};
    },
  };
}
