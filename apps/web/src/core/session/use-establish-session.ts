import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { UserDetails } from '@tern/domain/accounts/schemas';
import { useAppServices } from '../app-services.ts';
import type { EstablishOptions, SignedIn } from './establish-session.ts';

/**
 * `establishSession` with the app's client, query cache and partner. Its module (the
 * session's queries, with the accounts contracts and zod) is fetched when a sign-in
 * succeeds, so the sign-in forms paint without it.
 */
export function useEstablishSession() {
  const { api, runtime } = useAppServices();
  const queryClient = useQueryClient();
  return useCallback(
    async (signedIn: SignedIn, options?: EstablishOptions): Promise<UserDetails> => {
      const { establishSession } = await import('./establish-session.ts');
      return establishSession(
        { api, queryClient, partnerId: runtime.partnerId },
        signedIn,
        options,
      );
    },
    [api, queryClient, runtime.partnerId],
  );
}
