import type { ClaimAction } from '@tern/domain/claims/rules';
import type { ItemAlert } from '@tern/domain/claims/schemas';
import { useState } from 'react';
import DisagreementFlow from './disagreement/disagreement-flow.tsx';
import AdjustedOfferDialog from './offer/adjusted-offer-dialog.tsx';
import ReviewOfferDialog from './offer/review-offer-dialog.tsx';
import PredictionDialog from './prediction/prediction-dialog.tsx';

export interface ClaimActionDialogProps {
  claim: ItemAlert;
  /** The action the card's button stands for (never 'accepted': that is a view, not a dialog). */
  action: Exclude<ClaimAction, 'accepted'>;
  onClose: () => void;
}

/**
 * What a claim card's action opens (spec 2 §2.6, §4.9): the revenue prediction, the offer to
 * review (and from it the disagreement), or the adjusted offer. The action is the one the
 * dialog opened with: the claim refreshes live as it is answered, which moves its action on,
 * and the dialog must still show its last step (the thanks, the files' scans) until closed.
 */
export default function ClaimActionDialog({ claim, action, onClose }: ClaimActionDialogProps) {
  const [opened] = useState(action);
  const [disagreeing, setDisagreeing] = useState(false);
  switch (opened) {
    case 'prediction':
      return <PredictionDialog claim={claim} onClose={onClose} />;
    case 'review-offer':
      return disagreeing ? (
        <DisagreementFlow claim={claim} onBack={() => setDisagreeing(false)} onClose={onClose} />
      ) : (
        <ReviewOfferDialog
          claim={claim}
          onDisagree={() => setDisagreeing(true)}
          onClose={onClose}
        />
      );
    case 'adjusted-offer':
      return <AdjustedOfferDialog claim={claim} onClose={onClose} />;
  }
}
