import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ItemAlert } from '@tern/domain/claims/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/dialog/confirm-dialog.tsx';
import { Dialog } from '../../../../components/dialog/dialog.tsx';
import { useToast } from '../../../../components/toasts/use-toast.ts';
import { OfferMonths } from './offer-months.tsx';
import { useAnswerOffer } from './use-answer-offer.ts';

/**
 * The adjusted offer, after the customer's disagreement (spec 2 §4.9): beside the first offer,
 * with why each month moved (the evidence accepted, the notes considered). Accepting confirms
 * the claim; rejecting, after a yes / no, completes it as rejected — there is no third round.
 */
export default function AdjustedOfferDialog({
  claim,
  onClose,
}: {
  claim: ItemAlert;
  onClose: () => void;
}) {
  const { t } = useTranslation('claims');
  const { send, accept, accepting: busy } = useAnswerOffer(claim, onClose);
  const toast = useToast();
  const [rejecting, setRejecting] = useState(false);

  if (rejecting)
    return (
      <ConfirmDialog
        title={t('offer.reject_title')}
        yesLabel={t('offer.reject_yes')}
        noLabel={t('offer.reject_no')}
        onNo={() => setRejecting(false)}
        onYes={async () => {
          await send({ completed: true });
          toast.showMessage(t('offer.rejected'), 'info');
          onClose();
        }}
      >
        {t('offer.reject_body')}
      </ConfirmDialog>
    );

  return (
    <Dialog
      open
      title={t('offer.adjusted_title', { claim: claim.claimNumber })}
      {...(busy ? {} : { onClose })}
      actions={
        <>
          <Button color="error" onClick={() => setRejecting(true)} disabled={busy}>
            {t('offer.reject')}
          </Button>
          <Button variant="contained" loading={busy} onClick={() => void accept()}>
            {t('offer.accept')}
          </Button>
        </>
      }
    >
      <Typography sx={{ mb: 2 }}>{t('offer.adjusted_lead')}</Typography>
      <OfferMonths
        claim={claim}
        previousLabel={t('offer.first_offer')}
        offerLabel={t('offer.adjusted_offer')}
      />
    </Dialog>
  );
}
