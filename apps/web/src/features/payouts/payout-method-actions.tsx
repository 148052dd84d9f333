import IconButton from '@mui/material/IconButton';
import { ActionMenu } from '../../components/menu/action-menu.tsx';
import MenuItem from '@mui/material/MenuItem';
import SvgIcon from '@mui/material/SvgIcon';
import { needsCorpay } from '@tern/domain/payouts/flow';
import type { PayoutMethod } from '@tern/domain/payouts/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog.tsx';
import { useToast } from '../../components/toasts/use-toast.ts';
import { useAppServices } from '../../core/app-services.ts';
import { datasetQueryKey } from '../../core/data/dataset.ts';
import { useDataset, useDatasetContext, useRefreshDataset } from '../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { payoutConfigDataset, payoutMethodsDataset } from './datasets.ts';

// The dashboard's PAYMENT_METHODS card shows this menu: its dialogs (forms, zod, the phone
// metadata) and the contracts of its writes (zod) arrive when one is chosen, not with the card.
const UpdatePayoutAddressDialog = lazy(() =>
  import('./update-payout-method-dialogs.tsx').then((m) => ({
    default: m.UpdatePayoutAddressDialog,
  })),
);
const UpdateToCorpayDialog = lazy(() =>
  import('./update-payout-method-dialogs.tsx').then((m) => ({ default: m.UpdateToCorpayDialog })),
);
const contracts = () => import('@tern/domain/payouts/contracts').then((m) => m.payoutsContracts);

type Open = 'address' | 'corpay' | 'remove' | null;

/** A bank method the partner pays by hand, without the address a payment needs (spec 2 §2.5). */
const takesAddress = (method: PayoutMethod) => method.type === 'BANK-MANUAL';

/**
 * What the holder does with one method (the methods page and the PAYMENT_METHODS card):
 * make it preferred, give its address, move it to Corpay where the partner pays through
 * Corpay, remove it after a confirmation.
 */
export function PayoutMethodActions({ method }: { method: PayoutMethod }) {
  const { t } = useTranslation('payouts');
  const { api } = useAppServices();
  const config = useDataset(payoutConfigDataset);
  const refresh = useRefreshDataset(payoutMethodsDataset);
  const queryClient = useQueryClient();
  const { userId } = useDatasetContext();
  const toast = useToast();
  const handleError = useErrorHandler();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const menuId = useId();
  const corpay = needsCorpay(method, config.data?.payouts.providers ?? []);

  const choose = (which: Open) => {
    setAnchor(null);
    setOpen(which);
  };
  const makePreferred = async () => {
    setAnchor(null);
    try {
      await api.call((await contracts()).update, {
        params: { id: method.payoutMethodId },
        body: { preferred: 1 },
      });
      await refresh();
      toast.showMessage(t('notifications.preferred_payout_method_set'), 'success');
    } catch (error) {
      await handleError(error);
    }
  };

  return (
    <>
      <IconButton
        aria-label={t('methods.actions', { description: method.description })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <SvgIcon aria-hidden>
          <path d="M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2" />
        </SvgIcon>
      </IconButton>
      <ActionMenu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
      >
        {method.preferred === 1 ? null : (
          <MenuItem onClick={() => void makePreferred()}>{t('methods.make_preferred')}</MenuItem>
        )}
        {takesAddress(method) ? (
          <MenuItem onClick={() => choose('address')}>
            {method.extras.addressLine1 ? t('methods.edit_address') : t('methods.add_address')}
          </MenuItem>
        ) : null}
        {corpay ? (
          <MenuItem onClick={() => choose('corpay')}>{t('methods.move_to_corpay')}</MenuItem>
        ) : null}
        <MenuItem onClick={() => choose('remove')} sx={{ color: 'error.main' }}>
          {t('methods.remove')}
        </MenuItem>
      </ActionMenu>
      <Suspense fallback={null}>
        {open === 'address' ? (
          <UpdatePayoutAddressDialog method={method} onClose={() => setOpen(null)} />
        ) : null}
        {open === 'corpay' && config.data ? (
          <UpdateToCorpayDialog
            method={method}
            config={config.data}
            onClose={() => setOpen(null)}
          />
        ) : null}
      </Suspense>
      {open === 'remove' ? (
        <ConfirmDialog
          title={t('remove.title', { description: method.description })}
          yesLabel={t('remove.confirm')}
          noLabel={t('remove.keep')}
          onNo={() => setOpen(null)}
          onYes={async () => {
            const methods = await api.call((await contracts()).remove, {
              params: { id: method.payoutMethodId },
            });
            // The answer is the list as it now is: no second call for it.
            queryClient.setQueryData(datasetQueryKey(userId, payoutMethodsDataset.name), methods);
            toast.showMessage(t('notifications.payout_method_removed'), 'success');
            setOpen(null);
          }}
        >
          {method.preferred === 1 ? t('remove.body_preferred') : t('remove.body')}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
