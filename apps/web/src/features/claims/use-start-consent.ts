import { claimsContracts } from '@tern/domain/claims/contracts';
import { useMutation } from '@tanstack/react-query';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { claimsPaths } from './paths.ts';

/**
 * Starts the consent journey and leaves for the bank's consent page, which sends the customer
 * back to `/permissions/grant`. The button stays busy until the page is left; a failure goes
 * to the error handler (the mutation cache's).
 */
export function useStartConsent() {
  const { api } = useDatasetContext();
  return useMutation({
    mutationFn: () =>
      api.call(claimsContracts.startConsent, { body: { returnPath: claimsPaths.grant } }),
    onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
  });
}
