import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { claimsContracts } from '@tern/domain/claims/contracts';
import type { BankingConsent, InsuredItem } from '@tern/domain/claims/schemas';
import { formatDate } from '@tern/domain/i18n/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useToast } from '../../components/toasts/use-toast.ts';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { consentsToReconfirm, itemsNeedingBanking } from './banking.ts';
import { claimsPaths } from './paths.ts';
import { useSetItems } from './use-set-items.ts';

/**
 * The banners above the insured items (spec 2 §2.6, issue 28 item 2): connect banking while
 * an item's cover needs it and has it not; reconfirm a consent in its last days, here in the
 * portal, before it lapses.
 */
export function BankingBanners({ items }: { items: readonly InsuredItem[] }) {
  const { t } = useTranslation('claims');
  // When the page was opened: a consent entering its last days while it is open is asked
  // about on the next visit, as the email reminder does.
  const [now] = useState(() => Date.now());
  const toReconfirm = consentsToReconfirm(items, now);
  const needsBanking = itemsNeedingBanking(items).length > 0;
  if (!needsBanking && toReconfirm.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, mb: 3 }}>
      {needsBanking ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={claimsPaths.grant}>
              {t('banking.connect')}
            </Button>
          }
          sx={{ flexWrap: 'wrap' }}
        >
          <AlertTitle>{t('banking.connect_title')}</AlertTitle>
          {t('banking.connect_body')}
        </Alert>
      ) : null}
      {toReconfirm.map((consent) => (
        <ReconfirmBanner key={consent.consentId} consent={consent} />
      ))}
    </Box>
  );
}

function ReconfirmBanner({ consent }: { consent: BankingConsent }) {
  const { t, i18n } = useTranslation('claims');
  const { api } = useDatasetContext();
  const setItems = useSetItems();
  const handleError = useErrorHandler();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const reconfirm = async () => {
    setBusy(true);
    try {
      const items = await api.call(claimsContracts.reconfirmConsent, {
        params: { consentId: consent.consentId },
      });
      setItems(items);
      const renewed = items
        .flatMap((item) => item.permissions)
        .find((p) => p.consent?.consentId === consent.consentId)?.consent;
      toast.showMessage(
        t('banking.reconfirmed', {
          date: formatDate(renewed?.expiresAt ?? consent.expiresAt, i18n.language),
        }),
        'success',
      );
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" loading={busy} onClick={() => void reconfirm()}>
          {t('banking.reconfirm')}
        </Button>
      }
      sx={{ flexWrap: 'wrap' }}
    >
      <AlertTitle>{t('banking.reconfirm_title')}</AlertTitle>
      {t('banking.reconfirm_body', {
        bank: consent.bankName,
        date: formatDate(consent.expiresAt, i18n.language),
      })}
    </Alert>
  );
}
