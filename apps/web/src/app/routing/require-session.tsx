import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../core/routing/paths.ts';
import { useAccount } from '../../core/session/account.ts';
import { useLoggedIn, useSession } from '../../core/session/use-logged-in.ts';
import { contentPaths } from '../../features/content/index.ts';

/**
 * Pages of a logged-in user; a logged-out visitor (or one whose session just ended) goes to
 * `/`. A user whose terms are still PENDING accepts them first, then comes back here; an agent
 * acting for them is not stopped (they cannot accept for the customer).
 */
export function RequireSession() {
  const loggedIn = useLoggedIn();
  const session = useSession();
  const account = useAccount();
  const { pathname, search } = useLocation();
  if (!loggedIn) return <Navigate to={paths.landing} replace />;
  if (account?.terms === 'PENDING' && !session?.agentId && pathname !== contentPaths.acceptTerms)
    return (
      <Navigate
        to={`${contentPaths.acceptTerms}?next=${encodeURIComponent(pathname + search)}`}
        replace
      />
    );
  return <Outlet />;
}
