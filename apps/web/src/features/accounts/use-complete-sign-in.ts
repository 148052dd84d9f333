import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../core/routing/paths.ts';
import type { SignedIn } from '../../core/session/establish-session.ts';
import { useEstablishSession } from '../../core/session/use-establish-session.ts';

/**
 * The end of every way in (password, MFA code, one-time code, SSO): set the session up, then
 * `/dashboard` (spec 1 §2). Rejects with `SessionSetupError` when the setup failed; the error
 * handler has shown why by then.
 */
export function useCompleteSignIn() {
  const establish = useEstablishSession();
  const navigate = useNavigate();
  return useCallback(
    async (signedIn: SignedIn) => {
      await establish(signedIn);
      await navigate(paths.dashboard, { replace: true });
    },
    [establish, navigate],
  );
}
