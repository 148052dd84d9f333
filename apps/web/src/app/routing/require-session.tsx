import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../core/routing/paths.ts';
import { useAccount } from '../../core/session/account.ts';
import { useAskingTabs } from '../../core/session/use-asking-tabs.ts';
import { useLoggedIn, useSession } from '../../core/session/use-logged-in.ts';
import { useOnline } from '../../lib/online.ts';
import { contentPaths } from '../../features/content/index.ts';
import { PAGE_ROOM, PageLoader } from '../../components/page/page-loader.tsx';

/**
 * Pages of a logged-in user; a logged-out visitor (or one whose session just ended) goes to
 * `/`, once the portal's other tabs have had their say (a new tab takes an open tab's
 * session). `offline`: with no network the page opens without a session too, showing what
 * this browser kept of it. A user whose terms are still PENDING accepts them first, then
 * comes back here; an agent acting for them is not stopped (they cannot accept for the
 * customer).
 */
export function RequireSession({ offline = false }: { offline?: boolean }) {
  const loggedIn = useLoggedIn();
  const asking = useAskingTabs();
  const online = useOnline();
  const session = useSession();
  const account = useAccount();
  const { pathname, search } = useLocation();
  if (!loggedIn) {
    if (asking) return <PageLoader minHeight={PAGE_ROOM} />;
    return offline && !online ? <Outlet /> : <Navigate to={paths.landing} replace />;
  }
  if (account?.terms === 'PENDING' && !session?.agentId && pathname !== contentPaths.acceptTerms)
    return (
      <Navigate
        to={`${contentPaths.acceptTerms}?next=${encodeURIComponent(pathname + search)}`}
        replace
      />
    );
  return <Outlet />;
}
