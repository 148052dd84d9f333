import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { PayoutMethod } from '@tern/domain/payouts/schemas';
import { kindsOf } from '@tern/domain/resolutions/schemas';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import type { ResolutionActions } from '../use-resolution-actions.ts';
import { Actions, useMoney, type OptionProps } from './option-frame.tsx';

/** A claimable option's props: a combined option's chosen kind may be chosen again. */
export type ClaimOptionProps = OptionProps & { onChooseAgain: (() => void) | undefined };

/** What a claimable kind (cash, points) brings to the claim. */
type Claimable = {
  kind: 'CASH' | 'POINTS';
  /** The offer as the card states it. */
  offer: string;
  claimDisabled: boolean;
  /** What an option the API leaves Failed is toasted as. */
  failure?: Parameters<ResolutionActions['select']>[2];
  /**
   * The step before the confirmation, if the kind has one (cash: the payout method); it
   * closes, or goes on with the method chosen.
   */
  methodStep?: (step: {
    onClose: () => void;
    onChosen: (method: PayoutMethod) => Promise<void>;
  }) => ReactNode;
  confirmTitle: string;
  confirmBody: (method: PayoutMethod | null) => string;
  /** What a confirmed or redeemed claim shows. */
  claimed: ReactNode;
};

/** Cash and points: Claim, then (cash) the payout method, then a confirmation (spec 2 §4.7, §4.8). */
export function ClaimFlow({
  kind,
  option,
  actions,
  canAct,
  onChooseAgain,
  offer,
  claimDisabled,
  failure,
  methodStep,
  confirmTitle,
  confirmBody,
  claimed,
}: ClaimOptionProps & Claimable) {
  const { t } = useTranslation('resolutions');
  const money = useMoney();
  const [step, setStep] = useState<'idle' | 'method' | 'confirm'>('idle');
  const [method, setMethod] = useState<PayoutMethod | null>(null);
  const { status, payment } = option.state;
  const claim = (payoutMethodId?: string) =>
    actions.select(
      {
        resolutionId: option.id,
        ...(kindsOf(option.type).length > 1 ? { resolutionType: kind } : {}),
        ...(payoutMethodId ? { payoutMethodId } : {}),
      },
      option.manual ? 'request_submitted' : 'resolution_confirm',
      failure,
    );
  const start = () => (methodStep ? setStep('method') : setStep('confirm'));

  if (status === 'Initial' || status === 'Failed')
    return (
      <>
        {status === 'Failed' ? (
          <Alert severity="error">
            {payment?.status === 'failed' ? t('cash.payment_failed') : t('messages.failed')}
          </Alert>
        ) : null}
        <Typography>{offer}</Typography>
        {option.capped ? (
          <Alert severity="warning">
            {t('messages.cap_near', { amount: money(option.prize, option.currency) })}
          </Alert>
        ) : null}
        {canAct ? (
          <Actions>
            <Button variant="contained" onClick={start} disabled={claimDisabled}>
              {t('actions.claim')}
            </Button>
            {onChooseAgain ? (
              <Button onClick={onChooseAgain}>{t('actions.choose_again')}</Button>
            ) : null}
          </Actions>
        ) : null}
        {step === 'method' && methodStep
          ? methodStep({
              onClose: () => setStep((s) => (s === 'method' ? 'idle' : s)),
              onChosen: async (chosen) => {
                setMethod(chosen);
                // Spec 2 §4.7: confirmed unless staff confirm it by hand.
                if (option.manual) await claim(chosen.payoutMethodId);
                else setStep('confirm');
              },
            })
          : null}
        {step === 'confirm' ? (
          <ConfirmDialog
            title={confirmTitle}
            yesLabel={t('actions.confirm')}
            noLabel={t('actions.cancel')}
            onNo={() => setStep('idle')}
            onYes={async () => {
              await claim(method?.payoutMethodId);
              setStep('idle');
            }}
          >
            {confirmBody(method)}
          </ConfirmDialog>
        ) : null}
      </>
    );
  if (status === 'Requested') return <Typography>{t('messages.awaiting_review')}</Typography>;
  if (status === 'CallMe') return <Typography>{t('messages.awaiting_call')}</Typography>;
  if (status === 'Confirmed' || status === 'Redeemed') return claimed;
  return null;
}
