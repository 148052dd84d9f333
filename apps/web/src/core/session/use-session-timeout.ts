import { useEffect, useRef } from 'react';
import { useSession } from './use-logged-in.ts';
import { sessionDeadline } from './session-deadline.ts';

/**
 * Calls `onTimeout` when the current session reaches its deadline (60 minutes from login, or
 * the token's expiry), at once when a restored session is already past it.
 */
export function useSessionTimeout(onTimeout: () => void): void {
  const session = useSession();
  const callback = useRef(onTimeout);
  useEffect(() => {
    callback.current = onTimeout;
  });
  const deadline = session ? sessionDeadline(session) : undefined;
  useEffect(() => {
    if (deadline === undefined) return;
    const timer = setTimeout(() => callback.current(), Math.max(0, deadline - Date.now()));
    return () => clearTimeout(timer);
  }, [deadline]);
}
