import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { MFA_LABEL_MAX } from '@tern/domain/constants';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { codeFormSchema } from '@tern/domain/accounts/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../../core/app-services.ts';
import { SESSION_QUERY_SCOPE } from '../../../core/session/session-query-scope.ts';
import { useSession } from '../../../core/session/use-logged-in.ts';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { BoundForm } from '../../../components/form/form.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { CodeField } from '../code-field.tsx';
import { setMfaFlag } from './set-mfa-flag.ts';

/**
 * Turning MFA on: the QR code of a new authenticator secret, a code field to confirm it, and a
 * way out when allowed. After registration it is the offer of spec 1 §9 ("Registration: MFA
 * on, MFA skip allowed"); from the user menu (`MfaSettingsDialog`) the way out is Cancel.
 */
export function MfaOfferDialog({
  label,
  skipAllowed,
  onDone,
  title,
  skipLabel,
}: {
  label: string;
  skipAllowed: boolean;
  /** Called when MFA is on, or when the user skips. */
  onDone: (enabled: boolean) => void;
  title?: string;
  skipLabel?: string;
}) {
  const { t } = useTranslation('accounts');
  const { api } = useAppServices();
  const queryClient = useQueryClient();
  const toast = useToast();
  const userId = useSession()?.userId ?? '';
  const formId = useId();
  const tokenKey = [SESSION_QUERY_SCOPE, userId, accountsContracts.mfaToken.id];
  // A query, not a mutation: one secret per visit, even when React runs effects twice.
  const token = useQuery({
    queryKey: tokenKey,
    queryFn: () =>
      api.call(accountsContracts.mfaToken, { body: { label: label.slice(0, MFA_LABEL_MAX) } }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  // Made here: the dialog's actions show whether it is submitting.
  const form = useZodForm(codeFormSchema, { code: '' });

  // Without a secret MFA cannot be turned on: never leave the user stuck in the dialog.
  const canSkip = skipAllowed || token.isError;
  const finish = (enabled: boolean) => {
    // The secret is used (or abandoned): a later visit asks the server for a new one.
    queryClient.removeQueries({ queryKey: tokenKey });
    onDone(enabled);
  };
  const skip = () => finish(false);

  return (
    <Dialog
      open
      title={title ?? t('mfa.offer_title')}
      {...(canSkip ? { onClose: skip } : {})}
      actions={
        <>
          {canSkip ? <Button onClick={skip}>{skipLabel ?? t('mfa.skip')}</Button> : null}
          <Button
            type="submit"
            form={formId}
            variant="contained"
            disabled={!token.data}
            loading={form.formState.isSubmitting}
          >
            {t('mfa.enable')}
          </Button>
        </>
      }
    >
      <Typography sx={{ mb: 2 }}>{t('mfa.offer_description')}</Typography>
      {token.data ? (
        <BoundForm
          id={formId}
          form={form}
          onSubmit={async ({ code }) => {
            await api.call(accountsContracts.setMfa, { body: { enabled: true, code } });
            setMfaFlag(queryClient, userId, true);
            toast.showMessage(t('notifications.mfa_enabled'), 'success');
            finish(true);
          }}
          sx={{ display: 'grid', gap: 2, justifyItems: 'center' }}
        >
          {() => (
            <>
              <Box
                component="img"
                src={token.data.qrCode}
                alt={t('mfa.qr_alt')}
                sx={{ width: 200, height: 200 }}
              />
              <Typography variant="body2" sx={{ wordBreak: 'break-all', textAlign: 'center' }}>
                {t('mfa.secret')} <Box component="code">{token.data.secret}</Box>
              </Typography>
              <Box sx={{ width: '100%' }}>
                <CodeField control={form.control} name="code" label={t('mfa.code')} />
              </Box>
            </>
          )}
        </BoundForm>
      ) : token.isError ? (
        <Typography color="error" role="alert">
          {t('mfa.unavailable')}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('app.loading')} />
        </Box>
      )}
    </Dialog>
  );
}
