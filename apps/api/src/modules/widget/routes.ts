import type { widgetContracts } from '@tern/domain';
import { clientKey } from '../../lib/client-address.ts';
import type { Handlers } from '../../plugins/contracts.ts';
import { MINUTE_MS, type Throttle } from '../accounts/index.ts';
import type { WidgetService } from './service.ts';

/**
 * The widget's calls: its session from a partner's token, limited per address as SSO is; and
 * the partner's embedding origins (the contract's ownership rule has checked `partnerId`).
 */
export function widgetRoutes(
  widget: WidgetService,
  throttle: Throttle,
  /** Requests per minute per address, as on each sign-in route. */
  perAddressMax: number,
): Handlers<typeof widgetContracts> {
  return {
    session: {
      handler: (request) => widget.open(request.partner, request.body.token),
      onRequest: (request) =>
        throttle.consume('address:widget.session', clientKey(request.ip), {
          limit: perAddressMax,
          windowMs: MINUTE_MS,
        }),
    },
    origins: (request) => widget.origins(request.partner.id),
    setOrigins: (request) => widget.setOrigins(request.partner.id, request.body),
  };
}
