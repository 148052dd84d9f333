import type { ClaimAction } from '@tern/domain/claims/rules';
import type { ItemAlert } from '@tern/domain/claims/schemas';

export interface ClaimActionDialogProps {
  claim: ItemAlert;
  /** The action the card's button stands for (never 'accepted': that is a view, not a dialog). */
  action: Exclude<ClaimAction, 'accepted'>;
  onClose: () => void;
}

/** Scaffold (issue 28): the revenue prediction, offer review and disagreement dialogs land here. */
export default function ClaimActionDialog(_props: ClaimActionDialogProps) {
  return null;
}
