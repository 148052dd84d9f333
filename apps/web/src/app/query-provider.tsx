import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiRequestError } from '../lib/api-request-error.ts';
import { useErrorHandler } from '../core/errors/error-handler-context.ts';
import { SESSION_QUERY_SCOPE } from '../core/session/session-query-scope.ts';
import { keepAccountSaved } from '../core/session/account.ts';
import { sessionStore } from '../core/session/session-store.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the caller shows the failure itself (or has nothing to show); a 401 still logs out. */
    queryMeta: { silent?: boolean };
    /** `handlesOwnErrors`: a form reports the failure with its `setError` instead. */
    mutationMeta: { handlesOwnErrors?: boolean };
  }
}

/** Any 401 logs out (spec 1 §8), even from a query that shows its other failures itself. */
const isUnauthorised = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

/** Client errors (4xx) will not change on a retry; only server and network failures are retried. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 &&
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500);

const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });

/**
 * TanStack Query for server data. A query or mutation that finally fails (after its retries)
 * goes to the one error handler, and the cache is dropped when the session ends so no user's
 * data outlives their session.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const handleError = useErrorHandler();
  const [client] = useState(createQueryClient);
  // The account (user details) survives a reload: saved from the cache as it changes.
  useEffect(() => keepAccountSaved(client), [client]);

  useEffect(() => {
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        (!event.query.meta?.silent || isUnauthorised(event.action.error))
      ) {
        void handleError(event.action.error);
      }
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        !event.mutation.meta?.handlesOwnErrors
      ) {
        void handleError(event.action.error);
      }
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client, handleError]);

  // A user's data must not outlive their session: the cache is dropped when the session ends,
  // and the session's queries when another session takes its place (an agent acting).
  useEffect(() => {
    let token = sessionStore.getToken();
    return sessionStore.subscribe(() => {
      const next = sessionStore.getToken();
      if (next === token) return;
      token = next;
      if (!next) client.clear();
      else client.removeQueries({ queryKey: [SESSION_QUERY_SCOPE] });
    });
  }, [client]);

  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
