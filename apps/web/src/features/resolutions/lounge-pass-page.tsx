import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { resolutionsContracts } from '@tern/domain/resolutions/contracts';
import { walletPassFileName } from '@tern/domain/resolutions/schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadState } from '../../components/page/load-state.tsx';
import { Page } from '../../components/page/page.tsx';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { useLoggedIn } from '../../core/session/use-logged-in.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { ApiRequestError } from '../../lib/api-request-error.ts';
import { useCodedText } from '../../lib/coded-text.ts';
import { formatDateTimeUtc } from '@tern/domain/i18n/format';
import { useOnline } from '../../lib/online.ts';
import { saveFile } from '../../lib/save-file.ts';
import { resolutionsPaths } from './paths.ts';
import { passQuery } from './queries.ts';

/**
 * The pass as an Apple Wallet file, where the API offers one (`walletUrl`): fetched with the
 * session's token, then saved. Offline it fails with its message; the service worker never
 * keeps it.
 */
function AddToWallet({ passId, code }: { passId: string; code: string }) {
  const { t } = useTranslation('resolutions');
  const { api } = useDatasetContext();
  const handleError = useErrorHandler();
  const download = useMutation({
    mutationFn: () => api.file(resolutionsContracts.walletPass, { params: { passId } }),
    onSuccess: (file) => saveFile(file, walletPassFileName(code)),
    // The message below tells of a failure; an ended session still logs out.
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 401) void handleError(error);
    },
    meta: { handlesOwnErrors: true },
  });
  return (
    <>
      <Button
        variant="contained"
        onClick={() => download.mutate()}
        loading={download.isPending}
        loadingPosition="start"
      >
        {download.isPending ? t('pass.wallet_pending') : t('pass.wallet')}
      </Button>
      {download.isError ? (
        <Alert severity="error" sx={{ justifySelf: 'stretch', textAlign: 'start' }}>
          {t('pass.wallet_failed')}
        </Alert>
      ) : null}
    </>
  );
}

/**
 * A lounge pass (issue 14 item 5): one guest's QR and code, the lounge with its directions and
 * hours, the flight and the expiry. The service worker keeps the page and its answer, so it
 * opens again with no network once seen, in any tab: without a session (offline only, the
 * route's guard says) the pass is asked for without a token, and the service worker answers
 * with the copy it kept, or nothing for a pass this browser has not seen.
 */
export default function LoungePassPage() {
  const { t } = useTranslation('resolutions');
  const written = useCodedText();
  const { passId = '' } = useParams();
  const context = useDatasetContext();
  const signedIn = useLoggedIn();
  const pass = useQuery({
    ...passQuery(context, passId),
    // Signed out (offline), a failure means the pass was never kept here: the page says so
    // at once, and asking again would not help.
    ...(signedIn ? {} : { retry: false, meta: { silent: true } }),
  });
  const online = useOnline();
  const data = pass.data;
  // The service worker keeps this page for offline use. On the first visit it does not yet
  // control the page: once it does, the page loads again through it, and is kept.
  useEffect(() => {
    const worker = navigator.serviceWorker;
    if (!worker || !window.isSecureContext) return;
    const first = !worker.controller;
    const reload = () => window.location.reload();
    if (first) worker.addEventListener('controllerchange', reload, { once: true });
    worker.register('/sw.js').catch(() => undefined);
    return () => worker.removeEventListener('controllerchange', reload);
  }, []);
  return (
    <Page title={t('pass.title')} lead={t('pass.lead')} maxWidth="sm" testId="lounge-pass">
      {online ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('pass.offline')}
        </Alert>
      )}
      {!signedIn && pass.isError ? (
        <Alert severity="warning">{t('pass.not_kept')}</Alert>
      ) : (
        <LoadState
          loaded={data !== undefined}
          failed={pass.isError}
          onRetry={() => void pass.refetch()}
          rowHeight={320}
        >
          {data ? (
            <Card variant="outlined">
              <CardContent
                sx={{ display: 'grid', gap: 1.5, justifyItems: 'center', textAlign: 'center' }}
              >
                <Typography variant="h6" component="h2">
                  {data.location.name}
                </Typography>
                <Box
                  component="img"
                  src={data.displayCodeUrl}
                  alt={t('pass.qr', { code: data.displayCode })}
                  sx={{ width: 'min(256px, 70vw)', height: 'auto', imageRendering: 'pixelated' }}
                />
                <Typography sx={{ fontFamily: 'monospace', fontSize: '1.4rem', letterSpacing: 2 }}>
                  {data.displayCode}
                </Typography>
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    display: 'grid',
                    gridTemplateColumns: 'auto 1fr',
                    rowGap: 0.5,
                    columnGap: 2,
                    textAlign: 'start',
                  }}
                >
                  <dt>{t('pass.guest')}</dt>
                  <dd style={{ margin: 0 }}>{`${data.firstName} ${data.surname}`}</dd>
                  <dt>{t('pass.flight')}</dt>
                  <dd style={{ margin: 0 }}>{data.flightNumber}</dd>
                  <dt>{t('lounge.hours')}</dt>
                  <dd style={{ margin: 0 }}>
                    {data.location.businessHours.split(';').join(' · ')}
                  </dd>
                  <dt>{t('lounge.directions')}</dt>
                  <dd style={{ margin: 0 }}>{written(data.location.directions)}</dd>
                </Box>
                <Typography color="text.secondary">
                  {t('pass.expires', { date: formatDateTimeUtc(data.expirydate) })}
                </Typography>
                {/* The wallet file comes with the session's token. */}
                {data.walletUrl && signedIn ? (
                  <AddToWallet passId={data.passId} code={data.displayCode} />
                ) : null}
              </CardContent>
            </Card>
          ) : null}
        </LoadState>
      )}
      {signedIn ? (
        <Button component={RouterLink} to={resolutionsPaths.select} sx={{ mt: 2 }}>
          {t('pass.back')}
        </Button>
      ) : null}
    </Page>
  );
}
