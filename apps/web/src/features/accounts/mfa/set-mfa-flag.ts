import type { QueryClient } from '@tanstack/react-query';
import type { UserDetails } from '@tern/domain/accounts/schemas';
import { datasetQueryKey } from '../../../core/data/dataset.ts';

/**
 * Records a change of the MFA switch in the loaded user details (and so in the persisted
 * account), without a round trip: the API has just answered the new state.
 */
export function setMfaFlag(queryClient: QueryClient, userId: string, mfaEnabled: boolean): void {
  queryClient.setQueryData<UserDetails>(datasetQueryKey(userId, 'USER_DETAILS'), (details) =>
    details ? { ...details, mfaEnabled } : details,
  );
}
