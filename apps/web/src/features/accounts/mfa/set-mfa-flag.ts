import type { QueryClient } from '@tanstack/react-query';
import { updateAccount } from '../../../core/session/account.ts';

/**
 * Records a change of the MFA switch in the loaded user details (and so in the persisted
 * account), without a round trip: the API has just answered the new state.
 */
export const setMfaFlag = (queryClient: QueryClient, userId: string, mfaEnabled: boolean): void =>
  updateAccount(queryClient, userId, { mfaEnabled });
