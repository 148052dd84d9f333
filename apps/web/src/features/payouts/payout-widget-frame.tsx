import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { payoutsContracts } from '@tern/domain/payouts/contracts';
import { interfaceLanguageOf } from '@tern/domain/i18n/languages';
import { PAYOUT_WIDGET_MESSAGE } from '@tern/domain/payouts/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/page/load-state.tsx';
import { useAppServices } from '../../core/app-services.ts';
import { useSession } from '../../core/session/use-logged-in.ts';
import { useLogout } from '../../core/session/use-logout.ts';
import { ApiRequestError } from '../../lib/api-request-error.ts';
import { isRecord } from '../../lib/is-record.ts';

/**
 * The payment-rails supplier's own page, in a frame (spec 1 §2 "Set up payout methods"): the
 * user enters bank details there and it creates the method. It says so by `postMessage`; only
 * a message from that frame's window and the page's origin counts (the page in turn posts to
 * the portal's origin only).
 */
export function PayoutWidgetFrame({ onCreated }: { onCreated: (payoutMethodId: string) => void }) {
  const { t, i18n } = useTranslation('payouts');
  const { api } = useAppServices();
  const userId = useSession()?.userId ?? '';
  const logout = useLogout();
  const frame = useRef<HTMLIFrameElement>(null);
  const lang = interfaceLanguageOf(i18n.language);
  // Each link is good for one method: a new one each time the dialog opens, never cached.
  const widget = useQuery({
    queryKey: [payoutsContracts.widget.id, userId, lang],
    queryFn: ({ signal }) =>
      api.call(payoutsContracts.widget, { query: { userId, lang } }, { signal }),
    gcTime: 0,
    staleTime: 0,
    retry: false,
    meta: { silent: true },
  });
  const url = widget.data?.url;

  useEffect(() => {
    if (!url) return;
    const origin = new URL(url).origin;
    const listen = (event: MessageEvent<unknown>) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data;
      if (!isRecord(data) || data.type !== PAYOUT_WIDGET_MESSAGE) return;
      if (typeof data.payoutMethodId === 'string') onCreated(data.payoutMethodId);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [url, onCreated]);

  if (widget.isError) {
    // A sign-in older than ten minutes: the supplier's page takes no password, so the holder
    // signs in again (the API asks the same before any change to where money goes).
    const stale =
      widget.error instanceof ApiRequestError && widget.error.code === 'RECENT_SIGN_IN_REQUIRED';
    return (
      <Alert
        severity={stale ? 'info' : 'error'}
        action={
          stale ? (
            <Button color="inherit" size="small" onClick={() => void logout()}>
              {t('widget_frame.sign_in_again')}
            </Button>
          ) : (
            <Button color="inherit" size="small" onClick={() => void widget.refetch()}>
              {t('app.retry', { ns: 'translation' })}
            </Button>
          )
        }
      >
        {stale ? t('widget_frame.stale_sign_in') : t('widget_frame.failed')}
      </Alert>
    );
  }
  if (!url) return <Loading rowHeight={420} rows={1} variant="rectangular" />;
  return (
    <Box
      component="iframe"
      ref={frame}
      src={url}
      title={t('widget_frame.title')}
      sx={{ width: '100%', height: 520, border: 0, display: 'block' }}
    />
  );
}
