import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { MFA_LABEL_MAX } from '@tern/domain/constants';
import { codeFormSchema } from '@tern/domain/accounts/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../../app/app-services.ts';
import { useFormErrorReporter } from '../../../app/errors/use-form-error-reporter.ts';
import { SESSION_QUERY_SCOPE } from '../../../app/session/session-query-scope.ts';
import { useSession } from '../../../app/session/use-logged-in.ts';
import { Dialog } from '../../../components/dialog/dialog.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { createMfaToken, setMfa } from '../api/mfa-api.ts';
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
  const { t } = useTranslation();
  const { http } = useAppServices();
  const queryClient = useQueryClient();
  const toast = useToast();
  const userId = useSession()?.userId ?? '';
  const formId = useId();
  const tokenKey = [SESSION_QUERY_SCOPE, userId, 'MFA_TOKEN'];
  // A query, not a mutation: one secret per visit, even when React runs effects twice.
  const token = useQuery({
    queryKey: tokenKey,
    queryFn: () => createMfaToken(http, label.slice(0, MFA_LABEL_MAX)),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const form = useZodForm(codeFormSchema, { code: '' });
  const report = useFormErrorReporter(form, ['code']);
  const enable = useMutation({
    mutationFn: (code: string) => setMfa(http, { enabled: true, code }),
    meta: { handlesOwnErrors: true },
  });

  // Without a secret MFA cannot be turned on: never leave the user stuck in the dialog.
  const canSkip = skipAllowed || token.isError;
  const finish = (enabled: boolean) => {
    // The secret is used (or abandoned): a later visit asks the server for a new one.
    queryClient.removeQueries({ queryKey: tokenKey });
    onDone(enabled);
  };
  const skip = () => finish(false);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await enable.mutateAsync(code);
      setMfaFlag(queryClient, userId, true);
      toast.showMessage(t('notifications.mfa_enabled'), 'success');
      finish(true);
    } catch (error) {
      void report(error);
    }
  });

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
        <Box
          component="form"
          id={formId}
          noValidate
          onSubmit={onSubmit}
          sx={{ display: 'grid', gap: 2, justifyItems: 'center' }}
        >
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
        </Box>
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
