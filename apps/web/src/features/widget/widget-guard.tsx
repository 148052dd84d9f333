import { WIDGET_TOKEN_PARAM } from '@tern/domain/widget/panels';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useLoggedIn } from '../../core/session/use-logged-in.ts';
import { PageLoader } from '../../components/page/page-loader.tsx';
import { widgetPaths } from './paths.ts';
import { useWidgetSignIn } from './use-widget-sign-in.ts';

/** Where the 401 notice returns once the host page has sent a fresh token. */
export type UnauthorisedState = { from?: string; reason?: 'expired' | 'signed-out' | 'refused' };

/** The address without its token. */
function withoutToken(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.delete(WIDGET_TOKEN_PARAM);
  const rest = query.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * The widget's guard (spec 2 §2.1): a panel needs a stored session and an authenticated user.
 * An address carrying a token (the embed script's) signs in with it: the token leaves the
 * address and the history at once (the panel's address is then the bare one), is exchanged,
 * and the panel opens; a refused token goes to `/widgets/401`. Without a token and a session,
 * `/widgets/401` too.
 */
export function WidgetGuard() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  const signIn = useWidgetSignIn();
  const token = new URLSearchParams(search).get(WIDGET_TOKEN_PARAM);
  // The token being exchanged: kept once it has left the address, until the exchange ends.
  const [pending, setPending] = useState<string | null>(token);
  if (token && token !== pending) setPending(token);

  useEffect(() => {
    if (!token) return;
    const target = withoutToken(pathname, search);
    void navigate(target, { replace: true });
    signIn(token).then(
      () => setPending(null),
      () => {
        setPending(null);
        const state: UnauthorisedState = { from: target, reason: 'refused' };
        void navigate(widgetPaths.unauthorised, { replace: true, state });
      },
    );
  }, [token, pathname, search, navigate, signIn]);

  if (token || pending) return <PageLoader />;
  if (!loggedIn) {
    const state: UnauthorisedState = { from: pathname + search };
    return <Navigate to={widgetPaths.unauthorised} replace state={state} />;
  }
  return <Outlet />;
}
