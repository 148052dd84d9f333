import type { ItemAlert } from '@tern/domain/claims/schemas';

export interface AcceptedClaimProps {
  claim: ItemAlert;
}

/** Scaffold (issue 28): the accepted claim's tabs (customer prediction, payouts) land here. */
export default function AcceptedClaim(_props: AcceptedClaimProps) {
  return null;
}
