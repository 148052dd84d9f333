import { useCallback } from 'react';
import { useAppServices } from '../../core/app-services.ts';
import { useEstablishSession } from '../../core/session/use-establish-session.ts';
import { widgetLinkStore } from './widget-link.ts';

// One exchange per token at a time, however often React mounts the guard: a token works once.
const exchanges = new Map<string, Promise<void>>();

/**
 * Widget login with access token (spec 2 §7): the partner's widget token is exchanged once for
 * a widget session, which is set up as any other (details, access) and tied to the partner
 * page that framed it. Rejects when the token is refused; nothing is shown here (the guard
 * sends the panel to its 401 notice, which asks the host page for a fresh token).
 */
export function useWidgetSignIn(): (token: string) => Promise<void> {
  const { api } = useAppServices();
  const establish = useEstablishSession();
  return useCallback(
    (token: string) => {
      let exchange = exchanges.get(token);
      if (!exchange) {
        exchange = (async () => {
          const { widgetContracts } = await import('@tern/domain/widget/contracts');
          const session = await api.call(widgetContracts.session, { body: { token } });
          widgetLinkStore.set({ origin: session.origin, panels: session.panels });
          await establish({
            userId: session.userId,
            token: session.accessToken,
            expiresAt: session.expiresAt,
          });
        })().finally(() => exchanges.delete(token));
        exchanges.set(token, exchange);
      }
      return exchange;
    },
    [api, establish],
  );
}
