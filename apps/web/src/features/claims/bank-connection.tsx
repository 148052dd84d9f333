import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { claimsContracts } from '@tern/domain/claims/contracts';
import type { BankingConsent } from '@tern/domain/claims/schemas';
import { formatDate } from '@tern/domain/i18n/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog.tsx';
import { useToast } from '../../components/toasts/use-toast.ts';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { Fact } from '../../components/fact-list/fact-list.tsx';
import { useSetItems } from './use-set-items.ts';

/** An item's banking chip: whether its revenue can be read now (a lapsed consent is not). */
export function BankingChip({ connected }: { connected: boolean }) {
  const { t } = useTranslation('claims');
  return (
    <Chip
      size="small"
      color={connected ? 'success' : 'default'}
      variant={connected ? 'filled' : 'outlined'}
      label={connected ? t('banking.connected') : t('banking.not_connected')}
    />
  );
}

/** The bank an item's revenue is read from (facts of the item's list): bank, accounts, until when. */
export function BankConnection({ consent }: { consent: BankingConsent }) {
  const { t, i18n } = useTranslation('claims');
  return (
    <>
      <Fact term={t('banking.bank')}>{consent.bankName}</Fact>
      <Fact term={t('banking.accounts')}>
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {consent.accounts.map((account) => (
            <li key={`${account.name}-${account.accountNumber}`}>
              {t('banking.account', { name: account.name, number: account.accountNumber })}
            </li>
          ))}
        </Box>
      </Fact>
      <Fact term={t('banking.until')}>{formatDate(consent.expiresAt, i18n.language)}</Fact>
    </>
  );
}

/**
 * Disconnect: ends the consent at once after a yes. One consent usually serves every item, so
 * the question names the bank, and every item it served turns not connected.
 */
export function DisconnectButton({ consent }: { consent: BankingConsent }) {
  const { t } = useTranslation('claims');
  const { api } = useDatasetContext();
  const setItems = useSetItems();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button color="error" onClick={() => setAsking(true)}>
        {t('banking.disconnect')}
      </Button>
      {asking ? (
        <ConfirmDialog
          title={t('banking.disconnect_title', { bank: consent.bankName })}
          yesLabel={t('banking.disconnect_yes')}
          noLabel={t('banking.disconnect_no')}
          onNo={() => setAsking(false)}
          onYes={async () => {
            const items = await api.call(claimsContracts.revokeConsent, {
              params: { consentId: consent.consentId },
            });
            setItems(items);
            toast.showMessage(t('banking.disconnected', { bank: consent.bankName }), 'success');
            setAsking(false);
          }}
        >
          {t('banking.disconnect_body')}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
