import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ItemAlert } from '@tern/domain/claims/schemas';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/dialog/dialog.tsx';
import { OfferMonths } from './offer-months.tsx';
import { useAnswerOffer } from './use-answer-offer.ts';

/**
 * Review the insurer's offer (revenueOffer, spec 2 §4.9): the offer beside the customer's
 * prediction, month by month with why it changed. Accepting confirms the claim (its payouts
 * follow); disagreeing opens the disagreement form.
 */
export default function ReviewOfferDialog({
  claim,
  onDisagree,
  onClose,
}: {
  claim: ItemAlert;
  onDisagree: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('claims');
  const { accept, accepting: busy } = useAnswerOffer(claim, onClose);

  return (
    <Dialog
      open
      title={t('offer.title', { claim: claim.claimNumber })}
      {...(busy ? {} : { onClose })}
      actions={
        <>
          <Button onClick={onDisagree} disabled={busy}>
            {t('offer.disagree')}
          </Button>
          <Button variant="contained" loading={busy} onClick={() => void accept()}>
            {t('offer.accept')}
          </Button>
        </>
      }
    >
      <Typography sx={{ mb: 2 }}>{t('offer.lead')}</Typography>
      <OfferMonths
        claim={claim}
        previousLabel={t('offer.your_prediction')}
        offerLabel={t('offer.offer')}
      />
    </Dialog>
  );
}
