import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppServices } from '../app-services.ts';
import { paths } from '../routing/paths.ts';
import { useToast } from '../../components/toasts/use-toast.ts';
import { logout } from './logout.ts';

/** The header's "Log out": ends the session (locally even if the call fails) and goes to `/`. */
export function useLogout(): () => Promise<void> {
  const { api } = useAppServices();
  const navigate = useNavigate();
  const toast = useToast();
  return useCallback(async () => {
    // A message of the session (welcome, account created) does not outlive it.
    toast.closeMessage();
    const done = logout(api);
    void navigate(paths.landing, { replace: true });
    await done;
  }, [api, navigate, toast]);
}
