import Button from '@mui/material/Button';
import { PAYMENT_RAILS_SUPPLIER } from '@tern/domain/partners/config';
import { payoutsContracts } from '@tern/domain/payouts/contracts';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../../core/app-services.ts';
import { useDatasetContext } from '../../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../../core/errors/error-handler-context.ts';
import { SetupPayoutDialog } from '../../payouts/index.ts';
import { AddInsuranceWizard } from './add-insurance-wizard.tsx';

/**
 * Blink it (spec 2 §4.4): the payout methods are checked first. Where the partner wants one
 * before a purchase and the user has none, the payout setup opens — offering to go on with the
 * purchase afterwards, except through the payment-rails supplier's own page — else the
 * add-insurance wizard.
 */
export function BlinkItButton() {
  const { t } = useTranslation('travel');
  const { api, themeConfig } = useAppServices();
  const { userId } = useDatasetContext();
  const handleError = useErrorHandler();
  const [open, setOpen] = useState<'payout' | 'wizard' | null>(null);
  const [checking, setChecking] = useState(false);
  const { config } = themeConfig;

  const start = async () => {
    if (!config.payoutMethodPrePurchase) return setOpen('wizard');
    setChecking(true);
    try {
      const methods = await api.call(payoutsContracts.methods, { query: { userId } });
      setOpen(methods.length === 0 ? 'payout' : 'wizard');
    } catch (error) {
      await handleError(error);
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <Button variant="contained" loading={checking} onClick={() => void start()}>
        {t('insurances.blink_it')}
      </Button>
      {open === 'payout' ? (
        <Suspense fallback={null}>
          <SetupPayoutDialog
            onClose={() => setOpen(null)}
            {...(config.payouts.supplier === PAYMENT_RAILS_SUPPLIER
              ? {}
              : { onContinuePurchase: () => setOpen('wizard') })}
          />
        </Suspense>
      ) : null}
      {open === 'wizard' ? <AddInsuranceWizard onClose={() => setOpen(null)} /> : null}
    </>
  );
}
