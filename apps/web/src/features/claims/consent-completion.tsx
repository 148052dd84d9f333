import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { claimsContracts } from '@tern/domain/claims/contracts';
import { errorKey } from '@tern/domain/error-key';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Loading } from '../../components/page/load-state.tsx';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { ApiRequestError } from '../../lib/api-request-error.ts';
import { completeOnce, type BankReturn } from './bank-return.ts';
import { grantedConsents } from './banking.ts';
import { claimsPaths } from './paths.ts';
import { useSetItems } from './use-set-items.ts';
import { ToBankActions } from './to-bank-actions.tsx';

type Granted = Extract<BankReturn, { kind: 'granted' }>;

/**
 * Back from the bank with a code: the consent journey is finished once (the code is single
 * use), the items' BANKING granted, and the bank and accounts shown with the way back to the
 * claims; a refusal (CONSENT_REFUSED: a code or state that does not match, a journey already
 * finished) is said with Try again.
 */
export function ConsentCompletion({ returned }: { returned: Granted }) {
  const { t } = useTranslation('claims');
  const { api } = useDatasetContext();
  const setItems = useSetItems();
  const completion = useQuery({
    // Outside the session's scope: a live event refreshing the session's data must never
    // send the single-use code again.
    queryKey: [claimsContracts.completeConsent.id, returned.consentId, returned.code],
    queryFn: async () => {
      const items = await completeOnce(returned.code, () =>
        api.call(claimsContracts.completeConsent, {
          params: { consentId: returned.consentId },
          body: { code: returned.code, state: returned.state },
        }),
      );
      setItems(items);
      return items;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    // Said below; a 401 still logs out.
    meta: { silent: true },
  });
  if (completion.isError) return <ConnectionFailed error={completion.error} />;
  if (!completion.data)
    return (
      <Box role="status" sx={{ display: 'grid', gap: 1 }}>
        {t('grant.completing')}
        <Loading rows={1} rowHeight={40} />
      </Box>
    );
  const consent = grantedConsents(completion.data).find(
    (granted) => granted.consentId === returned.consentId,
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Alert severity="success" sx={{ justifySelf: 'stretch' }}>
        <AlertTitle>{t('grant.done_title')}</AlertTitle>
        {consent ? (
          <>
            {t('grant.done_body', { bank: consent.bankName })}
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 3 }}>
              {consent.accounts.map((account) => (
                <li key={`${account.name}-${account.accountNumber}`}>
                  {t('banking.account', { name: account.name, number: account.accountNumber })}
                </li>
              ))}
            </Box>
          </>
        ) : null}
      </Alert>
      <Button variant="contained" component={RouterLink} to={claimsPaths.claims}>
        {t('grant.back')}
      </Button>
    </Box>
  );
}

/**
 * The bank's or the API's refusal, with Try again (a new journey: the old code is spent):
 * `access_denied` when the customer said no at the bank, the error's own text otherwise.
 */
export function ConnectionFailed({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation('claims');
  const key = error instanceof ApiRequestError && error.code ? errorKey(error.code) : null;
  const message =
    error === 'access_denied'
      ? t('grant.denied')
      : key && i18n.exists(key, { ns: 'translation' })
        ? t(key, { ns: 'translation' })
        : t('grant.failed');
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Alert severity="error" sx={{ justifySelf: 'stretch' }}>
        {message}
      </Alert>
      <ToBankActions label={t('grant.try_again')} />
    </Box>
  );
}
