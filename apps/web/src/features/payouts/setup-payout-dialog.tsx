import Alert from '@mui/material/Alert';
import { widgetHost } from '../../core/widget-host.ts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { PayoutProvider } from '@tern/domain/partners/config';
import { payoutsContracts } from '@tern/domain/payouts/contracts';
import type { PayoutMethod } from '@tern/domain/payouts/schemas';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog/dialog.tsx';
import { Loading } from '../../components/page/load-state.tsx';
import { useToast } from '../../components/toasts/use-toast.ts';
import { useAppServices } from '../../core/app-services.ts';
import { useDataset, useRefreshDataset } from '../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { payoutConfigDataset, payoutMethodsDataset } from './datasets.ts';
import { PayoutWidgetFrame } from './payout-widget-frame.tsx';
import { ProviderFormDialog } from './provider-form-dialog.tsx';

export type SetupPayoutDialogProps = {
  onClose: () => void;
  /**
   * Runs once the method exists, before the setup-complete dialog: a resolution flow submits
   * its resolution with it (spec 1 §4 "optional resolution submission").
   */
  onCreated?: (method: PayoutMethod) => Promise<void> | void;
  /**
   * Given when the user came from the flight-cover purchase and is not in a resolution flow:
   * the setup-complete dialog then offers to go on with the purchase (spec 1 §2).
   */
  onContinuePurchase?: () => void;
};

type Step = { kind: 'choose' } | { kind: 'add'; provider: PayoutProvider } | { kind: 'done' };

/**
 * Set up payout methods (spec 1 §2, §4 "Payout method add flow"): one button per provider the
 * partner offers, or the payment-rails supplier's own page; then the form, then Setup complete.
 * Used by the payout methods page, the dashboard card, the resolution flows and the claims.
 */
export default function SetupPayoutDialog({
  onClose,
  onCreated,
  onContinuePurchase,
}: SetupPayoutDialogProps) {
  const { t } = useTranslation('payouts');
  const { api } = useAppServices();
  const config = useDataset(payoutConfigDataset);
  const refreshMethods = useRefreshDataset(payoutMethodsDataset);
  const toast = useToast();
  const handleError = useErrorHandler();
  const [step, setStep] = useState<Step>({ kind: 'choose' });

  /**
   * The method exists: the form is done with, whatever happens next. Refreshing the list and
   * the caller's next step report their own failures; none may leave the form open to be
   * sent again (a second method).
   */
  const created = useCallback(
    (method: () => Promise<PayoutMethod | undefined>) => {
      setStep({ kind: 'done' });
      toast.showMessage(t('notifications.payout_method_created'), 'success');
      void method()
        .then((found) => (found ? onCreated?.(found) : undefined))
        .catch((error: unknown) => handleError(error));
    },
    [toast, t, onCreated, handleError],
  );
  const createdInWidget = useCallback(
    (payoutMethodId: string) =>
      created(async () =>
        (await refreshMethods()).find((m) => m.payoutMethodId === payoutMethodId),
      ),
    [refreshMethods, created],
  );

  // Add payout method (spec 1 §2, §4 "Payout method add flow", §5 "Payout form").
  if (step.kind === 'add' && config.data)
    return (
      <ProviderFormDialog
        provider={step.provider}
        config={config.data}
        title={t('add.title')}
        lead={t('add.lead', {
          provider: t(`providers.${step.provider}`),
          currency: config.data.country.currency,
        })}
        submitLabel={t('add.submit')}
        descriptionHelp={t('add.description_help')}
        onCancel={onClose}
        save={async (body) => {
          const method = await api.call(payoutsContracts.create, { body });
          widgetHost.announce('payout-method-added', { payoutMethodId: method.payoutMethodId });
          created(async () => {
            await refreshMethods();
            return method;
          });
        }}
      />
    );
  if (step.kind === 'done')
    return <SetupCompleteDialog onClose={onClose} onContinuePurchase={onContinuePurchase} />;

  const supplier = config.data?.payouts.supplier;
  return (
    <Dialog
      open
      title={t('setup.title')}
      onClose={onClose}
      maxWidth={supplier === 'payment-rails' ? 'md' : 'sm'}
      actions={<Button onClick={onClose}>{t('setup.close')}</Button>}
    >
      {config.failed && !config.data ? (
        <Alert severity="warning">
          {t('errors.payout_service_not_configured', { ns: 'translation' })}
        </Alert>
      ) : !config.data ? (
        <Loading rowHeight={48} />
      ) : supplier === 'payment-rails' ? (
        <PayoutWidgetFrame onCreated={createdInWidget} />
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{t('setup.lead')}</Typography>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {config.data.payouts.providers.map((provider) => (
              <Button
                key={provider}
                variant="outlined"
                size="large"
                onClick={() => setStep({ kind: 'add', provider })}
                sx={{ justifyContent: 'flex-start', textAlign: 'start' }}
              >
                {t(`providers.${provider}`)}
              </Button>
            ))}
          </Box>
        </>
      )}
    </Dialog>
  );
}

/**
 * Setup complete (spec 1 §2): the method is saved; from the flight-cover purchase (and not a
 * resolution flow) it offers to continue that purchase.
 */
export function SetupCompleteDialog({
  onClose,
  onContinuePurchase,
}: {
  onClose: () => void;
  onContinuePurchase?: (() => void) | undefined;
}) {
  const { t } = useTranslation('payouts');
  return (
    <Dialog
      open
      title={t('complete.title')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose} variant={onContinuePurchase ? 'text' : 'contained'}>
            {t('complete.done')}
          </Button>
          {onContinuePurchase ? (
            <Button
              variant="contained"
              onClick={() => {
                onClose();
                onContinuePurchase();
              }}
            >
              {t('complete.continue_purchase')}
            </Button>
          ) : null}
        </>
      }
    >
      <Typography>{t('complete.body')}</Typography>
    </Dialog>
  );
}
