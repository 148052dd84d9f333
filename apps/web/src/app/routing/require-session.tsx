import { Navigate, Outlet } from 'react-router';
import { paths } from '../../core/routing/paths.ts';
import { useLoggedIn } from '../../core/session/use-logged-in.ts';

/** Pages of a logged-in user; a logged-out visitor (or one whose session just ended) goes to `/`. */
export function RequireSession() {
  return useLoggedIn() ? <Outlet /> : <Navigate to={paths.landing} replace />;
}
