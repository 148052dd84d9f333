import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppServices } from '../app-services.ts';
import { paths } from '../routing/paths.ts';
import { logout } from './logout.ts';

/** The header's "Log out": ends the session (locally even if the call fails) and goes to `/`. */
export function useLogout(): () => Promise<void> {
  const { api } = useAppServices();
  const navigate = useNavigate();
  return useCallback(async () => {
    const done = logout(api);
    void navigate(paths.landing, { replace: true });
    await done;
  }, [api, navigate]);
}
