import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppServices } from '../../core/app-services.ts';
import { isFramed, listenForTokens, postToHost } from './host.ts';
import { NoticePage } from './notice-page.tsx';
import { widgetPaths } from './paths.ts';
import { useWidgetSignIn } from './use-widget-sign-in.ts';
import type { UnauthorisedState } from './widget-guard.tsx';

/**
 * `/widgets/401` (spec 2 §2.1): the unauthorised or timeout notice. Framed, it asks the host
 * page for a fresh token through the embed script — at once after a timeout, on the button
 * after a refused token or a sign-out (so a token that keeps failing cannot loop) — and, given
 * one, signs in and goes back to the panel it came from, without reloading the page.
 */
export default function UnauthorisedPage() {
  const { t } = useTranslation('widget');
  const { themeConfig } = useAppServices();
  const origins = themeConfig.config.widget.embeddingOrigins;
  const { name } = themeConfig.branding;
  const state = (useLocation().state ?? {}) as UnauthorisedState;
  const navigate = useNavigate();
  const signIn = useWidgetSignIn();
  const framed = isFramed();
  const [refused, setRefused] = useState(state.reason === 'refused');
  const from = state.from ?? widgetPaths.dashboard;

  useEffect(() => {
    if (!framed) return;
    const stop = listenForTokens(origins, (token) => {
      signIn(token).then(
        () => void navigate(from, { replace: true }),
        () => setRefused(true),
      );
    });
    if (state.reason === undefined || state.reason === 'expired')
      postToHost(origins, 'token-needed');
    return stop;
  }, [framed, origins, signIn, navigate, from, state.reason]);

  const title =
    state.reason === 'signed-out'
      ? t('unauthorised.signed_out_title')
      : state.reason === 'expired'
        ? t('unauthorised.expired_title')
        : t('unauthorised.title');
  const text = !framed
    ? t('unauthorised.standalone', { name })
    : refused
      ? t('unauthorised.refused')
      : state.reason === 'signed-out'
        ? t('unauthorised.signed_out_text')
        : t('unauthorised.waiting');
  return (
    <NoticePage title={title} text={text} testId="widget-unauthorised">
      {framed ? (
        <Button
          variant="contained"
          onClick={() => {
            setRefused(false);
            postToHost(origins, 'token-needed');
          }}
        >
          {t('unauthorised.sign_in_again')}
        </Button>
      ) : null}
    </NoticePage>
  );
}
