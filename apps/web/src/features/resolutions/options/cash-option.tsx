import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PayoutMethodFlow } from '../../payouts/index.ts';
import { ClaimFlow, type ClaimOptionProps } from './claim-flow.tsx';
import { useMoney } from './option-frame.tsx';

/**
 * Cash (spec 2 §4.7, §4.8): claimed with a payout method in the money's currency, then paid
 * within the cap; none to claim, no claim.
 */
export function CashOption(props: ClaimOptionProps) {
  const { option, options } = props;
  const { t } = useTranslation('resolutions');
  const money = useMoney();
  const { payment, confirmation } = option.state;
  const amount = money(option.prize, option.currency);
  const paid = money(confirmation?.prize ?? option.prize, option.currency);
  return (
    <ClaimFlow
      {...props}
      kind="CASH"
      offer={t('cash.offer', { amount })}
      claimDisabled={option.prize === 0}
      failure="errors.payout_request_failed"
      methodStep={({ onClose, onChosen }) => (
        <Suspense fallback={null}>
          <PayoutMethodFlow
            payouts={options.insured.payouts}
            currency={option.currency ?? options.insured.payoutCurrency}
            onClose={onClose}
            onChosen={onChosen}
          />
        </Suspense>
      )}
      confirmTitle={t('cash.claim_title', { amount })}
      confirmBody={(method) =>
        t('cash.claim_body', {
          amount,
          method: method
            ? `${method.description} ${method.accountNumber ?? method.iban ?? ''}`
            : '',
        })
      }
      claimed={
        payment?.status === 'settled' ? (
          <Alert severity="success">{t('cash.paid', { amount: paid })}</Alert>
        ) : (
          <Typography>{t('messages.awaiting_payment', { amount: paid })}</Typography>
        )
      }
    />
  );
}
