import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { payoutMethodStep } from '@tern/domain/payouts/flow';
import type { PayoutMethod } from '@tern/domain/payouts/schemas';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog/dialog.tsx';
import { useDataset, useRefreshDataset } from '../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { payoutConfigDataset, payoutMethodsDataset } from './datasets.ts';
import SetupPayoutDialog from './setup-payout-dialog.tsx';
import {
  UpdatePayoutAddressDialog,
  UpdateToCorpayDialog,
} from './update-payout-method-dialogs.tsx';

export type PayoutMethodFlowProps = {
  /** `partner`: the partner pays out, so the methods are fetched afresh first (§4.8). */
  payouts: 'partner' | 'none';
  /** The money's currency: only methods in it can take it. */
  currency: string;
  /** The method to pay to, ready (addressed, with the partner's provider). */
  onChosen: (method: PayoutMethod) => Promise<void>;
  onClose: () => void;
};

type Step =
  | { kind: 'loading' }
  | { kind: 'setup' }
  | { kind: 'select'; methods: PayoutMethod[] }
  | { kind: 'address' | 'corpay'; method: PayoutMethod };

/**
 * The cash payout flow (spec 2 §4.8): the user's methods in the money's currency — none opens
 * the setup dialog, several a selection, one is used — then the address dialog for a bank
 * method without one and the move to Corpay where the partner pays through it, and finally
 * `onChosen` with the method (an existing id is reused as it is).
 */
export default function PayoutMethodFlow({
  payouts,
  currency,
  onChosen,
  onClose,
}: PayoutMethodFlowProps) {
  const { t } = useTranslation('payouts');
  const methods = useDataset(payoutMethodsDataset);
  const config = useDataset(payoutConfigDataset);
  const refresh = useRefreshDataset(payoutMethodsDataset);
  const handleError = useErrorHandler();
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [picked, setPicked] = useState<string>('');
  const started = useRef(false);

  const providers = config.data?.payouts.providers ?? [];
  const proceed = async (method: PayoutMethod) => {
    const next = payoutMethodStep(method, providers);
    if (next !== 'ready') {
      setStep({ kind: next, method });
      return;
    }
    onClose();
    await onChosen(method).catch(handleError);
  };
  const choose = (list: readonly PayoutMethod[]) => {
    const usable = list.filter((m) => m.currency === currency);
    if (usable.length === 0) setStep({ kind: 'setup' });
    else if (usable.length === 1) void proceed(usable[0]!);
    else {
      setPicked((usable.find((m) => m.preferred === 1) ?? usable[0]!).payoutMethodId);
      setStep({ kind: 'select', methods: usable });
    }
  };

  useEffect(() => {
    if (started.current || !config.loaded || !methods.loaded) return;
    started.current = true;
    const load = payouts === 'partner' ? refresh() : Promise.resolve(methods.data ?? []);
    load.then(choose).catch(async (error: unknown) => {
      onClose();
      await handleError(error);
    });
  });

  if (step.kind === 'setup')
    return (
      <SetupPayoutDialog
        onClose={onClose}
        onCreated={async (method) => {
          if (method.currency === currency) await proceed(method);
        }}
      />
    );
  if (step.kind === 'address')
    return <UpdatePayoutAddressDialog method={step.method} onClose={onClose} onUpdated={proceed} />;
  if (step.kind === 'corpay' && config.data)
    return (
      <UpdateToCorpayDialog
        method={step.method}
        config={config.data}
        onClose={onClose}
        onUpdated={proceed}
      />
    );
  if (step.kind === 'select')
    return (
      <Dialog
        open
        title={t('flow.select_title')}
        onClose={onClose}
        actions={
          <>
            <Button onClick={onClose}>{t('flow.cancel')}</Button>
            <Button
              variant="contained"
              onClick={() => {
                const method = step.methods.find((m) => m.payoutMethodId === picked);
                if (method) void proceed(method);
              }}
            >
              {t('flow.continue')}
            </Button>
          </>
        }
      >
        <RadioGroup
          aria-label={t('flow.select_title')}
          value={picked}
          onChange={(event) => setPicked(event.target.value)}
        >
          {step.methods.map((method) => (
            <FormControlLabel
              key={method.payoutMethodId}
              value={method.payoutMethodId}
              control={<Radio />}
              label={`${method.description} · ${method.accountNumber ?? method.iban ?? ''}`}
            />
          ))}
        </RadioGroup>
      </Dialog>
    );
  return null;
}
