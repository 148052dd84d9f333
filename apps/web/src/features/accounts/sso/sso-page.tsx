import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppServices } from '../../../core/app-services.ts';
import { paths } from '../../../core/routing/paths.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { useCompleteSignIn } from '../use-complete-sign-in.ts';
import { usePageTitle } from '../../../core/routing/page-title.ts';

/**
 * `/sso?token=…`: a partner's single sign-on link. The token is exchanged for a session, then
 * `/dashboard`; any failure returns to `/` with the error toast (spec 1 §2, §8).
 */
export default function SsoPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('sso.signing_in'));
  const { api } = useAppServices();
  const navigate = useNavigate();
  const toast = useToast();
  const completeSignIn = useCompleteSignIn();
  const token = useSearchParams()[0].get('token') ?? '';
  // A query keyed by the token: the exchange happens once even if React mounts twice, and a
  // failure reaches the error handler (its toast) through the query cache.
  const exchange = useQuery({
    queryKey: [accountsContracts.sso.id, token],
    queryFn: ({ signal }) => api.call(accountsContracts.sso, { params: { token } }, { signal }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    if (!token) {
      started.current = true;
      toast.showMessage(t('sso.missing_token'), 'error');
      void navigate(paths.landing, { replace: true });
    } else if (exchange.isError) {
      started.current = true;
      void navigate(paths.landing, { replace: true });
    } else if (exchange.data) {
      started.current = true;
      const { userId, accessToken, expiresAt } = exchange.data;
      completeSignIn({ userId, token: accessToken, expiresAt }).catch(() =>
        navigate(paths.landing, { replace: true }),
      );
    }
  }, [token, exchange.isError, exchange.data, completeSignIn, navigate, toast, t]);

  return (
    <Box
      sx={{ display: 'grid', justifyItems: 'center', gap: 2, py: 8 }}
      data-testid="sso"
      role="status"
    >
      <CircularProgress aria-hidden />
      <Typography component="h1" variant="h6">
        {t('sso.signing_in')}
      </Typography>
    </Box>
  );
}
